import { INTEGRATION_CATEGORIES, TRUST_LEVELS } from '@spoke/shared';
import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '#web/components/spinner.tsx';
import type { RegistryFilters as Filters } from '../api/registry.ts';
import type { FilterParam } from '../registry-params.ts';
import { useDebouncedCallback } from '../use-debounced-callback.ts';
import { TRUST_LABELS } from './trust-badge.tsx';

const SEARCH_DELAY_MS = 300;

const fieldClass =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none';

export function RegistryFilters({
  filters,
  searching,
  onChange,
  onClear,
}: {
  filters: Filters;
  searching: boolean;
  onChange: (patch: Partial<Record<FilterParam, string | null>>) => void;
  onClear: () => void;
}) {
  const [text, setText] = useState(filters.search);
  // The address can change without typing (Clear filters, the Back button): follow it.
  const [shown, setShown] = useState(filters.search);
  if (filters.search !== shown) {
    setShown(filters.search);
    if (text.trim() !== filters.search) setText(filters.search);
  }
  const debounced = useDebouncedCallback(
    (value: string) => onChange({ q: value.trim() || null }),
    SEARCH_DELAY_MS,
  );
  const active = text.trim() !== '' || filters.category !== null || filters.trust !== null;

  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:max-w-sm sm:flex-1">
        <label htmlFor="registry-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search servers
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id="registry-search"
            type="search"
            value={text}
            placeholder="Name, description or keyword"
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              debounced.run(event.target.value);
            }}
            className={`${fieldClass} pl-9`}
          />
        </div>
      </div>
      <div className="min-w-40 flex-1 sm:flex-none">
        <label
          htmlFor="registry-category"
          className="mb-1 block text-sm font-medium text-slate-700"
        >
          Category
        </label>
        <select
          id="registry-category"
          value={filters.category ?? ''}
          onChange={(event) => onChange({ category: event.target.value || null })}
          className={fieldClass}
        >
          <option value="">All categories</option>
          {INTEGRATION_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-40 flex-1 sm:flex-none">
        <label htmlFor="registry-trust" className="mb-1 block text-sm font-medium text-slate-700">
          Trust level
        </label>
        <select
          id="registry-trust"
          value={filters.trust ?? ''}
          onChange={(event) => onChange({ trust: event.target.value || null })}
          className={fieldClass}
        >
          <option value="">Any trust level</option>
          {TRUST_LEVELS.map((level) => (
            <option key={level} value={level}>
              {TRUST_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      {active && (
        <button
          type="button"
          onClick={() => {
            debounced.cancel();
            setText('');
            onClear();
          }}
          className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </button>
      )}
      {searching && (
        <span className="flex items-center gap-2 py-2 text-sm text-slate-600">
          <Spinner /> Searching...
        </span>
      )}
    </div>
  );
}

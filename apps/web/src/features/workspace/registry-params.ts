import {
  INTEGRATION_CATEGORIES,
  TRUST_LEVELS,
  type IntegrationCategory,
  type TrustLevel,
} from '@spoke/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { RegistryFilters } from './api/registry.ts';

export type FilterParam = 'q' | 'category' | 'trust';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((each) => each === value) ?? null;
}

/**
 * The registry page's search and filters live in the address (`?q=&category=&trust=`), so a
 * reload, a shared link or the way back from a server keeps them. Unknown values are ignored.
 */
export function useRegistryParams() {
  const [params, setParams] = useSearchParams();
  const filters: RegistryFilters = {
    search: (params.get('q') ?? '').trim(),
    category: oneOf<IntegrationCategory>(INTEGRATION_CATEGORIES, params.get('category')),
    trust: oneOf<TrustLevel>(TRUST_LEVELS, params.get('trust')),
  };

  const update = useCallback(
    (patch: Partial<Record<FilterParam, string | null>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        // The results change in place: the page keeps its scroll position.
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return { filters, update, query: params.toString() };
}

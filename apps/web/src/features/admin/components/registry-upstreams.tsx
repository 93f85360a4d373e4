import { TRUST_LEVELS, UpstreamCreateSchema, type TrustLevel } from '@spoke/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { PageLoading } from '#web/components/page-loading.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAddUpstream, useUpstreams } from '../api/upstreams.ts';
import { TRUST_NAMES } from './registry-server-row.tsx';
import { UpstreamRow } from './upstream-row.tsx';

type Field = 'name' | 'url' | 'trust_level';
const EMPTY = { name: '', url: '', trust_level: 'unverified' as TrustLevel };

function UpstreamForm() {
  const add = useAddUpstream();
  const trustId = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function edit<F extends Field>(field: F, value: (typeof EMPTY)[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (add.isError) add.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpstreamCreateSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        if (error.fields) setErrors(error.fields);
      },
    });
  }

  // A name or address already mirrored (409) names neither field, so it shows above them.
  const onField = add.error?.fields !== undefined;
  return (
    <form noValidate onSubmit={submit} aria-label="Add a mirror" className="space-y-3">
      {add.error && !onField && <Alert>{add.error.message}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,11rem)_auto] sm:items-start">
        <TextField
          label="Name"
          placeholder="official"
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => edit('name', event.target.value)}
        />
        <TextField
          label="URL"
          type="url"
          placeholder="https://registry.modelcontextprotocol.io"
          autoComplete="off"
          value={values.url}
          error={errors.url}
          onChange={(event) => edit('url', event.target.value)}
        />
        <div>
          <label htmlFor={trustId} className="mb-1 block text-sm font-medium text-slate-700">
            Trust its servers get
          </label>
          <select
            id={trustId}
            value={values.trust_level}
            aria-invalid={errors.trust_level ? true : undefined}
            aria-describedby={errors.trust_level ? `${trustId}-error` : undefined}
            onChange={(event) => edit('trust_level', event.target.value as TrustLevel)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none aria-invalid:border-red-500"
          >
            {TRUST_LEVELS.map((level) => (
              <option key={level} value={level}>
                {TRUST_NAMES[level]}
              </option>
            ))}
          </select>
          {errors.trust_level && (
            <p id={`${trustId}-error`} className="mt-1 text-sm text-red-700">
              {errors.trust_level}
            </p>
          )}
        </div>
        <Button type="submit" pending={add.isPending} pendingLabel="Adding..." className="sm:mt-6">
          Add mirror
        </Button>
      </div>
    </form>
  );
}

function UpstreamList({ fallbackFocus }: { fallbackFocus: () => HTMLElement | null }) {
  const upstreams = useUpstreams();
  if (upstreams.isPending) return <PageLoading />;
  if (upstreams.isError) {
    return (
      <RetryError message={upstreams.error.message} onRetry={() => void upstreams.refetch()} />
    );
  }
  if (upstreams.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No mirrors yet. A mirror is another registry, such as the official MCP registry, whose
        servers Spoke reads on a schedule and lists here beside its own.
      </p>
    );
  }
  return (
    <ul
      aria-label="Mirrors"
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {upstreams.data.map((upstream) => (
        <UpstreamRow key={upstream.id} upstream={upstream} fallbackFocus={fallbackFocus} />
      ))}
    </ul>
  );
}

/** The upstream registries this registry mirrors: added, run now, switched off or removed. */
export function RegistryUpstreams() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="mirrors-heading">
      <h2
        id="mirrors-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Mirrors
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Upstream registries that speak the official registry&apos;s API. Each enabled one is read on
        a schedule; its servers get the trust level you give it here, and take a new one when you
        change it. Removing a mirror removes every server mirrored from it.
      </p>
      <div className="space-y-5">
        <UpstreamForm />
        <UpstreamList fallbackFocus={() => heading.current} />
      </div>
    </section>
  );
}

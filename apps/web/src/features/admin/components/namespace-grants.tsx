import { NamespaceGrantRequestSchema } from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useAddGrant, useNamespaceGrants, useRemoveGrant } from '../api/registry.ts';
import { Button } from '#web/components/ui/button.tsx';

type Field = 'namespace' | 'username';
const EMPTY = { namespace: '', username: '' };
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function GrantForm() {
  const add = useAddGrant();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function edit(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (add.isError) add.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = NamespaceGrantRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (!values.username.trim()) found.username = 'Username is required';
      setErrors(found);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        // An unknown user (404) and a namespace already granted (409) belong to their fields.
        if (error.fields) setErrors(error.fields);
        else if (error.status === 404) setErrors({ username: error.message });
        else if (error.status === 409) setErrors({ namespace: error.message });
      },
    });
  }

  const onField = add.error && (add.error.fields || [404, 409].includes(add.error.status ?? 0));
  return (
    <form noValidate onSubmit={submit} aria-label="Grant a namespace" className="space-y-3">
      {add.error && !onField && <Alert>{add.error.message}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <TextField
          label="Namespace"
          placeholder="com.example"
          autoComplete="off"
          value={values.namespace}
          error={errors.namespace}
          onChange={(event) => edit('namespace', event.target.value)}
        />
        <TextField
          label="Username"
          placeholder="ada"
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={(event) => edit('username', event.target.value)}
        />
        <Button
          type="submit"
          pending={add.isPending}
          pendingLabel="Granting..."
          className="sm:mt-6"
        >
          Grant namespace
        </Button>
      </div>
    </form>
  );
}

function GrantList() {
  const grants = useNamespaceGrants();
  const remove = useRemoveGrant();
  if (grants.isPending) return <PageLoading />;
  if (grants.isError) {
    return (
      <div className="space-y-3">
        <Alert>{grants.error.message}</Alert>
        <button type="button" className={secondaryButton} onClick={() => void grants.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (grants.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        No namespaces granted. Every user can publish in their own dev.spoke.&lt;username&gt;.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {remove.error && <Alert>{remove.error.message}</Alert>}
      <ul
        aria-label="Namespace grants"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {grants.data.map((grant) => {
          const busy = remove.isPending && remove.variables === grant.namespace;
          return (
            <li
              key={grant.namespace}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-semibold break-all text-slate-900">
                  {grant.namespace}/*
                </p>
                <p className="text-sm text-slate-600">
                  Granted to @{grant.username} on{' '}
                  <time dateTime={grant.created_at}>{day(grant.created_at)}</time>
                </p>
              </div>
              <Button
                variant="secondary"
                className="py-1.5"
                aria-label={`Remove ${grant.namespace} from ${grant.username}`}
                pending={busy}
                pendingLabel="Removing..."
                onClick={() => remove.mutate(grant.namespace)}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Namespaces users may publish in besides their own `dev.spoke.<username>`. */
export function NamespaceGrants() {
  return (
    <div className="space-y-5">
      <GrantForm />
      <GrantList />
    </div>
  );
}

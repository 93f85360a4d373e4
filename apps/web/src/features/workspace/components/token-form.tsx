import {
  CreateApiTokenSchema,
  TOKEN_NAME_MAX,
  TOKEN_SCOPES,
  type CreatedApiToken,
  type TokenScope,
} from '@spoke/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useCreateToken } from '../api/tokens.ts';
import { Button } from '#web/components/ui/button.tsx';

const SCOPE_HELP: Record<TokenScope, string> = {
  'registry:publish': 'Publish servers to the registry in your namespaces (spoke publish)',
};

type Field = 'name' | 'scopes';

export function TokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['registry:publish']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateApiTokenSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
      onError: (error) => setErrors(error.fields ?? {}),
    });
  }

  function toggle(scope: TokenScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((each) => each !== scope)));
    setErrors((current) => ({ ...current, scopes: undefined }));
  }

  const onField = Object.keys(create.error?.fields ?? {}).some(
    (f) => f === 'name' || f === 'scopes',
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Create a token" className="space-y-4">
      {create.error && !onField && <Alert>{create.error.message}</Alert>}
      <TextField
        label="Token name"
        placeholder="laptop, ci..."
        maxLength={TOKEN_NAME_MAX}
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
        className="max-w-sm"
      />
      <fieldset aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 py-1 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-invalid={errors.scopes ? true : undefined}
              className="mt-0.5 size-4 rounded border-slate-300 accent-blue-600"
            />
            <span>
              <code className="font-mono font-semibold text-slate-900">{scope}</code>
              <span className="block text-slate-600">{SCOPE_HELP[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="token-scopes-error" className="mt-1 text-sm text-red-700">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <Button type="submit" pending={create.isPending} pendingLabel="Creating...">
        Create token
      </Button>
    </form>
  );
}

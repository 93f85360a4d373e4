import { SaveCredentialsSchema, type IntegrationInfo } from '@spoke/shared';
import { Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { useSaveCredentials } from '#web/features/agents/api/integrations.ts';
import { errorClass, hintClass, inputClass, labelClass } from '../spec-form/field-styles.ts';
import { Button } from '#web/components/ui/button.tsx';

/**
 * The credentials form for one integration, built from the catalog's environment variables.
 * Stored values are never sent back, so the fields start empty even when connected.
 */
export function ConnectForm({
  integration,
  onDone,
  onCancel,
}: {
  integration: IntegrationInfo;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const save = useSaveCredentials();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const missing: Record<string, string> = {};
    for (const env of integration.env) {
      if (env.required && !(values[env.name] ?? '').trim())
        missing[env.name] = `${env.label} is required`;
    }
    setErrors(missing);
    const first = Object.keys(missing)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const given = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value.trim() !== ''),
    );
    const parsed = SaveCredentialsSchema.safeParse({ values: given });
    if (!parsed.success) {
      setErrors({ form: parsed.error.issues[0]?.message ?? 'Check the values' });
      return;
    }
    save.mutate(
      { id: integration.id, values: parsed.data.values },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields: Record<string, string> = {};
          for (const [key, message] of Object.entries(error.fields ?? {})) {
            fields[key.replace(/^values\./, '')] = message;
          }
          setErrors(fields);
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Connect ${integration.name}`}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <p className="text-xs text-slate-600">
        Stored encrypted and never shown again. Saving replaces what is stored.
        {integration.website && (
          <>
            {' '}
            <a
              href={integration.website}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
            >
              Get them from {integration.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        )}
      </p>
      {integration.env.map((env) => {
        const fieldId = `${id}-${env.name}`;
        const error = errors[env.name];
        return (
          <div key={env.name}>
            <label htmlFor={fieldId} className={labelClass}>
              {env.label}
              {env.required ? '' : ' (optional)'}
              {env.secret && (
                <Lock aria-label="secret" className="ml-1 inline size-3.5 text-purple-700" />
              )}
            </label>
            <input
              id={fieldId}
              type={env.secret ? 'password' : 'text'}
              autoComplete={env.secret ? 'new-password' : 'off'}
              spellCheck={false}
              value={values[env.name] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
              onChange={(event) => {
                setValues((current) => ({ ...current, [env.name]: event.target.value }));
                setErrors(({ [env.name]: _gone, ...rest }) => rest);
              }}
              className={`${inputClass} font-mono`}
            />
            {error && (
              <p id={`${fieldId}-error`} className={errorClass}>
                {error}
              </p>
            )}
            <p id={`${fieldId}-hint`} className={hintClass}>
              {env.description}
            </p>
          </div>
        );
      })}
      {errors.form && <Alert>{errors.form}</Alert>}
      {save.isError && <Alert>{save.error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          className="py-2"
          keepFocus
          pending={save.isPending}
          pendingLabel="Saving..."
        >
          {`Save ${integration.name} credentials`}
        </Button>
        <button type="button" className={`${secondaryButton} py-2`} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import type { AgentIntegration, IntegrationInfo } from '@spoke/shared';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { errorClass, inputClass, smallButton } from './field-styles.ts';
import { RowActions } from './row-actions.tsx';
import type { SpecErrors } from './spec-draft.ts';
import { useFocusLater } from './use-focus-later.ts';

/** Which catalog integrations the agent uses, and why. */
export function IntegrationsEditor({
  integrations,
  errors,
  catalog,
  onChange,
}: {
  integrations: AgentIntegration[];
  errors: SpecErrors;
  catalog: readonly IntegrationInfo[] | undefined;
  onChange: (integrations: AgentIntegration[]) => void;
}) {
  const id = useId();
  const focusLater = useFocusLater();
  const [adding, setAdding] = useState('');
  const names = new Map((catalog ?? []).map((each) => [each.id, each.name]));
  // A setting in the words its form uses ("Bot token"), not the variable the server is given.
  const settingLabel = (id: string, variable: string) =>
    catalog?.find((each) => each.id === id)?.env.find((env) => env.name === variable)?.label ??
    variable;
  // Services known without a server cannot be used by an agent: the picker offers the others.
  const available = (catalog ?? []).filter(
    (each) => each.available && !integrations.some((i) => i.id === each.id),
  );
  const whyId = (index: number) => `${id}-why-${index}`;

  function add() {
    const entry = catalog?.find((each) => each.id === adding);
    if (!entry) return;
    const config = entry.env.filter((env) => env.required).map((env) => env.name);
    onChange([...integrations, { id: entry.id, why: '', config }]);
    setAdding('');
    focusLater(whyId(integrations.length));
  }

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Integrations</legend>
      <p className="mt-1 text-sm text-slate-600">
        The tools the agent may use. Connect them under Integrations on this page.
      </p>
      {errors.integrations && <p className={errorClass}>{errors.integrations}</p>}
      {integrations.length > 0 && (
        <ul className="mt-3 space-y-2">
          {integrations.map((integration, index) => {
            const name = names.get(integration.id) ?? integration.id;
            const error =
              errors[`integrations.${index}.id`] ??
              errors[`integrations.${index}`] ??
              errors[`integrations.${index}.why`];
            return (
              <li key={integration.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm">
                    <span className="font-medium text-slate-900">{name}</span>{' '}
                    <code className="font-mono text-xs text-slate-500">{integration.id}</code>
                  </p>
                  <RowActions
                    what={name}
                    index={index}
                    count={integrations.length}
                    onRemove={(at) => {
                      onChange(integrations.filter((_, each) => each !== at));
                      focusLater(`${id}-add-select`);
                    }}
                  />
                </div>
                <label
                  htmlFor={whyId(index)}
                  className="mt-2 block text-xs font-medium text-slate-600"
                >
                  Why {name} is used
                </label>
                <input
                  id={whyId(index)}
                  value={integration.why}
                  maxLength={300}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) =>
                    onChange(
                      integrations.map((each, at) =>
                        at === index ? { ...each, why: event.target.value } : each,
                      ),
                    )
                  }
                  className={`${inputClass} mt-1`}
                />
                {error && <p className={errorClass}>{error}</p>}
                {integration.config.length > 0 && (
                  <p className="mt-2 text-xs text-slate-600">
                    Needs:{' '}
                    {integration.config
                      .map((name) => settingLabel(integration.id, name))
                      .join(', ')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <label
            htmlFor={`${id}-add-select`}
            className="mb-1 block text-xs font-medium text-slate-600"
          >
            Add an integration
          </label>
          <select
            id={`${id}-add-select`}
            value={adding}
            disabled={!catalog || integrations.length >= 20}
            onChange={(event) => setAdding(event.target.value)}
            className={inputClass}
          >
            <option value="">
              {catalog ? 'Choose from the catalog' : 'Loading the catalog...'}
            </option>
            {available.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name} ({each.category})
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={`${smallButton} py-2`} disabled={!adding} onClick={add}>
          <Plus aria-hidden="true" className="size-3.5" /> Add
        </button>
      </div>
    </fieldset>
  );
}

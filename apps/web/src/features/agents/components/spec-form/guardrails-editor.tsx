import { Plus } from 'lucide-react';
import { useId } from 'react';
import { errorClass, inputClass, smallButton } from './field-styles.ts';
import { RowActions } from './row-actions.tsx';
import type { SpecErrors } from './spec-draft.ts';
import { useFocusLater } from './use-focus-later.ts';

/** Rules the agent keeps to, e.g. "Ask before sending e-mail". */
export function GuardrailsEditor({
  guardrails,
  errors,
  onChange,
}: {
  guardrails: string[];
  errors: SpecErrors;
  onChange: (guardrails: string[]) => void;
}) {
  const id = useId();
  const focusLater = useFocusLater();
  const ruleId = (index: number) => `${id}-rule-${index}`;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Guardrails</legend>
      <p className="mt-1 text-sm text-slate-600">
        Rules the agent keeps to on every run. Empty rules are left out when you save.
      </p>
      {errors.guardrails && <p className={errorClass}>{errors.guardrails}</p>}
      {guardrails.length > 0 && (
        <ul className="mt-3 space-y-2">
          {guardrails.map((rule, index) => {
            const error = errors[`guardrails.${index}`];
            return (
              <li key={index}>
                <div className="flex items-center gap-2">
                  <label htmlFor={ruleId(index)} className="sr-only">
                    Guardrail {index + 1}
                  </label>
                  <input
                    id={ruleId(index)}
                    value={rule}
                    maxLength={300}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) =>
                      onChange(
                        guardrails.map((each, at) => (at === index ? event.target.value : each)),
                      )
                    }
                    className={inputClass}
                  />
                  <RowActions
                    what={`guardrail ${index + 1}`}
                    index={index}
                    count={guardrails.length}
                    onRemove={(at) => {
                      onChange(guardrails.filter((_, each) => each !== at));
                      focusLater(`${id}-add`);
                    }}
                  />
                </div>
                {error && <p className={errorClass}>{error}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <button
        id={`${id}-add`}
        type="button"
        className={`${smallButton} mt-3`}
        disabled={guardrails.length >= 20}
        onClick={() => {
          onChange([...guardrails, '']);
          focusLater(ruleId(guardrails.length));
        }}
      >
        <Plus aria-hidden="true" className="size-3.5" /> Add guardrail
      </button>
    </fieldset>
  );
}

import { Plus } from 'lucide-react';
import { useId } from 'react';
import { ToolPicker, type ToolGroup } from '../tool-picker.tsx';
import { errorClass, inputClass, smallButton } from './field-styles.ts';
import { moveItem, RowActions } from './row-actions.tsx';
import type { SpecDraft, SpecErrors } from './spec-draft.ts';
import { useFocusLater } from './use-focus-later.ts';

type Steps = SpecDraft['steps'];

/** The agent's plan: ordered steps in plain words, each with the tools it uses. */
export function StepsEditor({
  steps,
  errors,
  toolGroups,
  onChange,
}: {
  steps: Steps;
  errors: SpecErrors;
  /** The tools of the agent's integrations, to choose each step's from. */
  toolGroups: readonly ToolGroup[];
  onChange: (steps: Steps) => void;
}) {
  const id = useId();
  const focusLater = useFocusLater();
  const stepId = (index: number) => `${id}-step-${index}`;

  function edit(index: number, patch: Partial<Steps[number]>) {
    onChange(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  }

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">Steps</legend>
      <p className="mt-1 text-sm text-slate-600">
        The plan the agent follows, in order, each step with the tools of the agent’s integrations
        it uses.
      </p>
      {errors.steps && <p className={errorClass}>{errors.steps}</p>}
      <ol className="mt-3 space-y-3">
        {steps.map((step, index) => {
          const textError = errors[`steps.${index}.text`];
          const toolsKey = Object.keys(errors).find((key) =>
            key.startsWith(`steps.${index}.tools`),
          );
          const toolsError = toolsKey ? errors[toolsKey] : undefined;
          const what = `step ${index + 1}`;
          return (
            <li key={index} className="rounded-lg border border-slate-200 p-3">
              <div className="flex items-start justify-between gap-3">
                <label htmlFor={stepId(index)} className="text-sm font-medium text-slate-700">
                  Step {index + 1}
                </label>
                <RowActions
                  what={what}
                  index={index}
                  count={steps.length}
                  onMove={(from, to) => {
                    onChange(moveItem(steps, from, to));
                    focusLater(stepId(to));
                  }}
                  onRemove={(at) => {
                    onChange(steps.filter((_, each) => each !== at));
                    focusLater(`${id}-add`);
                  }}
                />
              </div>
              <textarea
                id={stepId(index)}
                rows={2}
                value={step.text}
                maxLength={500}
                aria-invalid={textError ? true : undefined}
                aria-describedby={textError ? `${stepId(index)}-error` : undefined}
                onChange={(event) => edit(index, { text: event.target.value })}
                className={`${inputClass} mt-1`}
              />
              {textError && (
                <p id={`${stepId(index)}-error`} className={errorClass}>
                  {textError}
                </p>
              )}
              <details className="group mt-2" open={toolsError ? true : undefined}>
                <summary className="cursor-pointer rounded text-xs font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-blue-600">
                  Tools for step {index + 1}:{' '}
                  <span className="font-mono font-normal wrap-anywhere text-slate-800">
                    {step.tools.length ? step.tools.join(', ') : 'none'}
                  </span>
                </summary>
                <div className="mt-2">
                  <ToolPicker
                    legend={`Tools for step ${index + 1}`}
                    groups={toolGroups}
                    chosen={step.tools}
                    onChange={(tools) => edit(index, { tools })}
                  />
                </div>
              </details>
              {toolsError && <p className={errorClass}>{toolsError}</p>}
            </li>
          );
        })}
      </ol>
      <button
        id={`${id}-add`}
        type="button"
        className={`${smallButton} mt-3`}
        disabled={steps.length >= 30}
        onClick={() => {
          onChange([...steps, { text: '', tools: [] }]);
          focusLater(stepId(steps.length));
        }}
      >
        <Plus aria-hidden="true" className="size-3.5" /> Add step
      </button>
    </fieldset>
  );
}

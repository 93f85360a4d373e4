import { Plus } from 'lucide-react';
import { useId } from 'react';
import { errorClass, inputClass, smallButton } from './field-styles.ts';
import { moveItem, RowActions } from './row-actions.tsx';
import type { SpecDraft, SpecErrors } from './spec-draft.ts';
import { useFocusLater } from './use-focus-later.ts';

type Steps = SpecDraft['steps'];

/** The agent's plan: ordered steps in plain words, each with the tools it uses. */
export function StepsEditor({
  steps,
  errors,
  onChange,
}: {
  steps: Steps;
  errors: SpecErrors;
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
        The plan the agent follows, in order. Tools are named as{' '}
        <code className="font-mono">integration.tool</code>, separated by commas.
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
              <label
                htmlFor={`${stepId(index)}-tools`}
                className="mt-2 block text-xs font-medium text-slate-600"
              >
                Tools for step {index + 1}
              </label>
              <input
                id={`${stepId(index)}-tools`}
                value={step.tools}
                spellCheck={false}
                aria-invalid={toolsError ? true : undefined}
                onChange={(event) => edit(index, { tools: event.target.value })}
                placeholder="slack.post_message"
                className={`${inputClass} mt-1 font-mono`}
              />
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
          onChange([...steps, { text: '', tools: '' }]);
          focusLater(stepId(steps.length));
        }}
      >
        <Plus aria-hidden="true" className="size-3.5" /> Add step
      </button>
    </fieldset>
  );
}

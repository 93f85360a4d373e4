import { ToolPicker } from '../tool-picker.tsx';
import { inputClass } from '../spec-form/field-styles.ts';
import { usePlanEditor } from './editor-context.ts';
import type { AgentDraft, ModelDraft } from './plan-draft.ts';
import { errorAt, fieldMessage, messageAt } from './plan-errors.ts';
import { PlanField } from './plan-field.tsx';
import { InputsEditor, monoInput } from './reference-fields.tsx';
import type { Scope } from './references.ts';
import { jsonProblem } from './tool-fields.ts';

function InstructionField({
  path,
  value,
  hint,
  onChange,
}: {
  path: string;
  value: string;
  hint: string;
  onChange: (value: string) => void;
}) {
  const editor = usePlanEditor();
  const key = `${path}.instruction`;
  const error = errorAt(editor.errors, key);
  return (
    <PlanField
      id={editor.fieldId(key)}
      label="Instruction"
      required
      hint={hint}
      error={error && fieldMessage('Instruction', error)}
    >
      {(control) => (
        <textarea
          {...control}
          rows={3}
          maxLength={2000}
          value={value}
          onChange={(event) => {
            editor.clearError(key);
            onChange(event.target.value);
          }}
          className={`${inputClass} leading-6`}
        />
      )}
    </PlanField>
  );
}

/** A language model step: what to do with which inputs, answered as text or as JSON. */
export function ModelStepFields({
  draft,
  path,
  scope,
  onChange,
}: {
  draft: ModelDraft;
  path: string;
  scope: Scope;
  onChange: (draft: ModelDraft) => void;
}) {
  const editor = usePlanEditor();
  const schemaKey = `${path}.output.schema`;
  const schemaError =
    messageAt(editor.errors, schemaKey, 'Output schema', { nested: true }) ??
    jsonProblem(draft.schema) ??
    undefined;
  return (
    <div className="space-y-4">
      <InstructionField
        path={path}
        value={draft.instruction}
        hint="One piece of language work: summarise, draft, translate, classify, extract…"
        onChange={(instruction) => onChange({ ...draft, instruction })}
      />
      <InputsEditor
        path={path}
        inputs={draft.inputs}
        scope={scope}
        hint="What the model reads; nothing else of the run is sent to it."
        onChange={(inputs) => onChange({ ...draft, inputs })}
      />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-slate-700">Answer</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {(['text', 'json'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={editor.fieldId(`${path}.output`)}
                value={type}
                checked={draft.outputType === type}
                onChange={() => {
                  editor.clearError(`${path}.output`);
                  onChange({ ...draft, outputType: type });
                }}
                className="size-4 accent-blue-600"
              />
              {type === 'text' ? 'Text' : 'JSON that meets a schema'}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.outputType === 'json' && (
        <PlanField
          id={editor.fieldId(schemaKey)}
          label="Output schema"
          required
          hint="The JSON Schema the answer must meet, with type, properties, required, items, enum and the like (no patterns or formats)."
          error={schemaError}
        >
          {(control) => (
            <textarea
              {...control}
              rows={Math.min(14, Math.max(4, draft.schema.split('\n').length))}
              spellCheck={false}
              value={draft.schema}
              onChange={(event) => {
                editor.clearError(schemaKey);
                onChange({ ...draft, schema: event.target.value });
              }}
              className={`${monoInput} leading-5`}
            />
          )}
        </PlanField>
      )}
    </div>
  );
}

/** An agent step: a task for the model loop, the tools it may use and what it reads. */
export function AgentStepFields({
  draft,
  path,
  scope,
  onChange,
}: {
  draft: AgentDraft;
  path: string;
  scope: Scope;
  onChange: (draft: AgentDraft) => void;
}) {
  const editor = usePlanEditor();
  const toolsError = messageAt(editor.errors, `${path}.tools`, 'Tools', {
    nested: true,
    prefix: false,
  });
  return (
    <div className="space-y-4">
      <InstructionField
        path={path}
        value={draft.instruction}
        hint="A task that cannot be planned step by step: the model works it out with the tools."
        onChange={(instruction) => onChange({ ...draft, instruction })}
      />
      <ToolPicker
        legend="Tools it may use"
        hint="None chosen: every tool of the agent."
        groups={editor.groups}
        chosen={draft.tools}
        error={toolsError}
        onChange={(tools) => {
          editor.clearError(`${path}.tools`);
          onChange({ ...draft, tools });
        }}
      />
      <InputsEditor
        path={path}
        inputs={draft.inputs}
        scope={scope}
        hint="What the step reads; none: the run’s input."
        onChange={(inputs) => onChange({ ...draft, inputs })}
      />
    </div>
  );
}

import { CONDITION_OPS, CONDITION_WORDS, LOOP_MAX_ITEMS, type ConditionOp } from '@spoke/shared';
import { inputClass } from '../spec-form/field-styles.ts';
import { usePlanEditor } from './editor-context.ts';
import type { ForEachDraft, IfDraft, StepDraft } from './plan-draft.ts';
import { errorAt, fieldMessage } from './plan-errors.ts';
import { PlanField } from './plan-field.tsx';
import { isUnary } from './plan-words.ts';
import { ReferenceInput } from './reference-fields.tsx';
import type { Scope } from './references.ts';
import { StepListEditor } from './step-list-editor.tsx';

/** The steps inside a decision or a loop, set off by a line at their left. */
function Branch({
  title,
  label,
  steps,
  path,
  scope,
  depth,
  onChange,
}: {
  title: string;
  /** Names the list for assistive technology, e.g. "Then (check)". */
  label: string;
  steps: StepDraft[];
  path: string;
  scope: Scope;
  depth: number;
  onChange: (steps: StepDraft[]) => void;
}) {
  return (
    <div className="border-l-2 border-slate-200 pl-2 sm:pl-4">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <StepListEditor
        steps={steps}
        path={path}
        label={label}
        scope={scope}
        depth={depth}
        onChange={onChange}
      />
    </div>
  );
}

function useReferenceField(path: string, key: string, label: string) {
  const editor = usePlanEditor();
  const full = `${path}.${key}`;
  const error = errorAt(editor.errors, full);
  return {
    id: editor.fieldId(full),
    error: error && fieldMessage(label, error),
    clear: () => editor.clearError(full),
  };
}

/** A decision: the condition, then the steps for yes and for no. */
export function IfStepFields({
  draft,
  path,
  scope,
  depth,
  onChange,
}: {
  draft: IfDraft;
  path: string;
  scope: Scope;
  depth: number;
  onChange: (draft: IfDraft) => void;
}) {
  const value = useReferenceField(path, 'condition.value', 'Value');
  const op = useReferenceField(path, 'condition.op', 'Comparison');
  const compare = useReferenceField(path, 'condition.compare', 'Compare with');
  return (
    <div className="space-y-4">
      <PlanField
        id={value.id}
        label="Value to test"
        required
        hint="A reference, e.g. steps.fetch.status or input.priority."
        error={value.error}
      >
        {(control) => (
          <ReferenceInput
            control={control}
            value={draft.value}
            scope={scope}
            onChange={(next) => {
              value.clear();
              onChange({ ...draft, value: next });
            }}
          />
        )}
      </PlanField>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanField id={op.id} label="Comparison" error={op.error}>
          {(control) => (
            <select
              {...control}
              value={draft.op}
              onChange={(event) => {
                op.clear();
                compare.clear();
                onChange({ ...draft, op: event.target.value as ConditionOp });
              }}
              className={inputClass}
            >
              {CONDITION_OPS.map((each) => (
                <option key={each} value={each}>
                  {CONDITION_WORDS[each]}
                </option>
              ))}
            </select>
          )}
        </PlanField>
        {!isUnary(draft.op) && (
          <PlanField
            id={compare.id}
            label="Compare with"
            required
            hint='A number, text, or a JSON list such as ["open", "new"] (equals: any of them).'
            error={compare.error}
          >
            {(control) => (
              <input
                {...control}
                value={draft.compare}
                onChange={(event) => {
                  compare.clear();
                  onChange({ ...draft, compare: event.target.value });
                }}
                className={inputClass}
              />
            )}
          </PlanField>
        )}
      </div>
      <Branch
        title="Then"
        label={`Then (${draft.id})`}
        steps={draft.then}
        path={`${path}.then`}
        scope={scope}
        depth={depth + 1}
        onChange={(then) => onChange({ ...draft, then })}
      />
      <Branch
        title="Otherwise"
        label={`Otherwise (${draft.id})`}
        steps={draft.else}
        path={`${path}.else`}
        scope={scope}
        depth={depth + 1}
        onChange={(steps) => onChange({ ...draft, else: steps })}
      />
    </div>
  );
}

/** A loop: the list it goes over, how far, and the steps run for each element. */
export function ForEachStepFields({
  draft,
  path,
  scope,
  depth,
  onChange,
}: {
  draft: ForEachDraft;
  path: string;
  scope: Scope;
  depth: number;
  onChange: (draft: ForEachDraft) => void;
}) {
  const over = useReferenceField(path, 'over', 'List');
  const max = useReferenceField(path, 'max', 'At most');
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <PlanField
          id={over.id}
          label="List to go over"
          required
          hint="A reference to a list, e.g. steps.feed.items. Inside, {{item}} is the element."
          error={over.error}
        >
          {(control) => (
            <ReferenceInput
              control={control}
              value={draft.over}
              scope={scope}
              onChange={(next) => {
                over.clear();
                onChange({ ...draft, over: next });
              }}
            />
          )}
        </PlanField>
        <PlanField
          id={max.id}
          label="At most"
          required
          hint={`Elements a run, 1 to ${LOOP_MAX_ITEMS}.`}
          error={max.error}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={LOOP_MAX_ITEMS}
              step={1}
              value={draft.max}
              onChange={(event) => {
                max.clear();
                onChange({ ...draft, max: event.target.value });
              }}
              className={inputClass}
            />
          )}
        </PlanField>
      </div>
      <Branch
        title="For each element"
        label={`For each element (${draft.id})`}
        steps={draft.steps}
        path={`${path}.steps`}
        scope={{ ...scope, inLoop: true }}
        depth={depth + 1}
        onChange={(steps) => onChange({ ...draft, steps })}
      />
    </div>
  );
}

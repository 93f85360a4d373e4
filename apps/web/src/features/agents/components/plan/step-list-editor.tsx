import { PLAN_MAX_DEPTH, PLAN_MAX_STEPS } from '@spoke/shared';
import { Plus } from 'lucide-react';
import { errorClass, smallButton } from '../spec-form/field-styles.ts';
import { moveItem } from '../spec-form/row-actions.tsx';
import { usePlanEditor } from './editor-context.ts';
import { newStep, type StepDraft } from './plan-draft.ts';
import { KIND_HINTS, KIND_LABELS, STEP_KINDS, type StepKind } from './plan-words.ts';
import type { Scope } from './references.ts';
import { StepEditor } from './step-editor.tsx';

/** The field a new step of a kind starts in. */
export function firstField(kind: StepKind, path: string): string {
  switch (kind) {
    case 'tool':
      return `${path}.tool`;
    case 'model':
    case 'agent':
      return `${path}.instruction`;
    case 'if':
      return `${path}.condition.value`;
    case 'for_each':
      return `${path}.over`;
  }
}

function AddStep({
  path,
  label,
  depth,
  onAdd,
}: {
  path: string;
  label: string;
  depth: number;
  onAdd: (kind: StepKind) => void;
}) {
  const editor = usePlanEditor();
  const full = editor.total >= PLAN_MAX_STEPS;
  // Decisions and loops nest at most PLAN_MAX_DEPTH deep: the deepest lists offer neither.
  const kinds = STEP_KINDS.filter(
    (kind) => depth < PLAN_MAX_DEPTH || (kind !== 'if' && kind !== 'for_each'),
  );
  return (
    <div
      role="group"
      aria-label={`Add a step to ${label}`}
      className="mt-2 flex flex-wrap items-center gap-1.5"
    >
      <span aria-hidden="true" className="mr-1 text-xs font-medium text-slate-500">
        Add step:
      </span>
      {kinds.map((kind) => (
        <button
          key={kind}
          id={editor.fieldId(`${path}-add-${kind}`)}
          type="button"
          title={KIND_HINTS[kind]}
          aria-label={`Add ${KIND_LABELS[kind]} step`}
          className={smallButton}
          disabled={full}
          onClick={() => onAdd(kind)}
        >
          <Plus aria-hidden="true" className="size-3.5" />
          {KIND_LABELS[kind]}
        </button>
      ))}
      {full && (
        <span className="text-xs text-slate-600">A plan holds at most {PLAN_MAX_STEPS} steps.</span>
      )}
    </div>
  );
}

/**
 * An ordered list of steps: the plan's own, or those inside a decision or loop. Each step sees
 * the outputs of those before it in the list and of the steps done before the list began.
 */
export function StepListEditor({
  steps,
  path,
  label,
  scope,
  depth,
  onChange,
}: {
  steps: StepDraft[];
  /** `steps`, or a nested list such as `steps.2.then`. */
  path: string;
  label: string;
  scope: Scope;
  /** 1 for the plan's own steps. */
  depth: number;
  onChange: (steps: StepDraft[]) => void;
}) {
  const editor = usePlanEditor();
  const listError = editor.errors[path];
  const headingOf = (index: number) => `${editor.fieldId(`${path}.${index}`)}-heading`;

  function add(kind: StepKind) {
    const step = newStep(kind, editor.newStepId());
    editor.resetErrors();
    onChange([...steps, step]);
    editor.focusLater(editor.fieldId(firstField(kind, `${path}.${steps.length}`)));
  }

  function move(from: number, to: number, button: 'up' | 'down') {
    editor.resetErrors();
    onChange(moveItem(steps, from, to));
    const stuck = (button === 'up' && to === 0) || (button === 'down' && to === steps.length - 1);
    editor.focusLater(stuck ? headingOf(to) : `${editor.fieldId(`${path}.${to}`)}-${button}`);
  }

  function remove(index: number) {
    editor.resetErrors();
    onChange(steps.filter((_, at) => at !== index));
    if (steps.length > 1) editor.focusLater(headingOf(Math.min(index, steps.length - 2)));
    else editor.focusLater(editor.fieldId(`${path}-add-tool`));
  }

  return (
    <div className="min-w-0">
      {listError && <p className={errorClass}>{listError}</p>}
      {steps.length > 0 ? (
        <ol aria-label={label} className="mt-2 space-y-3">
          {steps.map((step, index) => (
            <StepEditor
              key={step.key}
              step={step}
              index={index}
              count={steps.length}
              path={`${path}.${index}`}
              scope={{
                visible: [...scope.visible, ...steps.slice(0, index).map((each) => each.id)],
                inLoop: scope.inLoop,
              }}
              depth={depth}
              onChange={(next) => onChange(steps.map((each, at) => (at === index ? next : each)))}
              onMove={(to, button) => move(index, to, button)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {depth === 1 ? 'No steps yet: add the first one.' : 'No steps: nothing is done here.'}
        </p>
      )}
      <AddStep path={path} label={label} depth={depth} onAdd={add} />
    </div>
  );
}

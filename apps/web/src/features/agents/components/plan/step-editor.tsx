import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { errorClass, inputClass, smallButton } from '../spec-form/field-styles.ts';
import { ForEachStepFields, IfStepFields } from './control-step-fields.tsx';
import { usePlanEditor } from './editor-context.ts';
import { AgentStepFields, ModelStepFields } from './model-step-fields.tsx';
import { KindBadge, ModelBadge } from './plan-badges.tsx';
import type { StepDraft } from './plan-draft.ts';
import { errorAt, fieldMessage } from './plan-errors.ts';
import { PlanField } from './plan-field.tsx';
import { KIND_LABELS, needsModel } from './plan-words.ts';
import { monoInput } from './reference-fields.tsx';
import type { Scope } from './references.ts';
import { ToolStepFields } from './tool-step-fields.tsx';

const HEADINGS = ['h3', 'h4', 'h5'] as const;

function KindFields({
  step,
  path,
  scope,
  depth,
  onChange,
}: {
  step: StepDraft;
  path: string;
  scope: Scope;
  depth: number;
  onChange: (step: StepDraft) => void;
}) {
  switch (step.kind) {
    case 'tool':
      return <ToolStepFields draft={step} path={path} scope={scope} onChange={onChange} />;
    case 'model':
      return <ModelStepFields draft={step} path={path} scope={scope} onChange={onChange} />;
    case 'agent':
      return <AgentStepFields draft={step} path={path} scope={scope} onChange={onChange} />;
    case 'if':
      return (
        <IfStepFields draft={step} path={path} scope={scope} depth={depth} onChange={onChange} />
      );
    case 'for_each':
      return (
        <ForEachStepFields
          draft={step}
          path={path}
          scope={scope}
          depth={depth}
          onChange={onChange}
        />
      );
  }
}

/** One step of the plan being edited: its place, id and note, and the fields of its kind. */
export function StepEditor({
  step,
  index,
  count,
  path,
  scope,
  depth,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  count: number;
  path: string;
  scope: Scope;
  depth: number;
  onChange: (step: StepDraft) => void;
  onMove: (to: number, button: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const editor = usePlanEditor();
  const base = editor.fieldId(path);
  const Heading = HEADINGS[Math.min(depth, HEADINGS.length) - 1] ?? 'h5';
  const what = `step ${step.id || index + 1}`;
  const stepError = editor.errors[path];
  const idError = errorAt(editor.errors, `${path}.id`);
  const noteError = errorAt(editor.errors, `${path}.note`);
  // The id as it was when its field took focus: leaving the field renames the references to it.
  const idBefore = useRef(step.id);
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading
          id={`${base}-heading`}
          tabIndex={-1}
          className="flex min-w-0 flex-wrap items-center gap-2 text-sm font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40"
        >
          <span>Step {index + 1}</span>
          <span className="sr-only">: {KIND_LABELS[step.kind]}</span>
          <span aria-hidden="true">
            <KindBadge kind={step.kind} />
          </span>
          {needsModel(step.kind) && <ModelBadge />}
        </Heading>
        <div className="flex shrink-0 gap-1">
          <button
            id={`${base}-up`}
            type="button"
            className={smallButton}
            aria-label={`Move ${what} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1, 'up')}
          >
            <ArrowUp aria-hidden="true" className="size-3.5" />
          </button>
          <button
            id={`${base}-down`}
            type="button"
            className={smallButton}
            aria-label={`Move ${what} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1, 'down')}
          >
            <ArrowDown aria-hidden="true" className="size-3.5" />
          </button>
          <button
            type="button"
            className={smallButton}
            aria-label={`Remove ${what}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
          </button>
        </div>
      </div>
      {stepError && <p className={errorClass}>{stepError}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
        <PlanField
          id={editor.fieldId(`${path}.id`)}
          label="Id"
          required
          hint={
            step.id
              ? `Later steps read it as {{steps.${step.id}}}; renaming it updates them.`
              : undefined
          }
          error={idError && fieldMessage('Id', idError)}
        >
          {(control) => (
            <input
              {...control}
              value={step.id}
              maxLength={32}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              onFocus={() => {
                idBefore.current = step.id;
              }}
              onBlur={() => {
                if (idBefore.current !== step.id) editor.renameStep(idBefore.current, step.id);
              }}
              onKeyDown={(event) => {
                // Enter saves: the references follow the new id first, as on leaving the field.
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                const { form } = event.currentTarget;
                flushSync(() => event.currentTarget.blur());
                form?.requestSubmit();
              }}
              onChange={(event) => {
                editor.clearError(`${path}.id`);
                onChange({ ...step, id: event.target.value });
              }}
              className={monoInput}
            />
          )}
        </PlanField>
        <PlanField
          id={editor.fieldId(`${path}.note`)}
          label="Note"
          hint="What the step is for, in your words."
          error={noteError}
        >
          {(control) => (
            <input
              {...control}
              value={step.note}
              maxLength={500}
              onChange={(event) => {
                editor.clearError(`${path}.note`);
                onChange({ ...step, note: event.target.value });
              }}
              className={inputClass}
            />
          )}
        </PlanField>
      </div>
      <div className="mt-4">
        <KindFields step={step} path={path} scope={scope} depth={depth} onChange={onChange} />
      </div>
    </li>
  );
}

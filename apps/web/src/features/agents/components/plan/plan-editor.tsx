import type { Agent, IntegrationInfo } from '@spoke/shared';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { useSaveSpec } from '#web/features/agents/api/agents.ts';
import { plural } from '#web/features/agents/format.ts';
import { useFocusLater } from '../spec-form/use-focus-later.ts';
import { PlanEditorContext, type PlanEditorState } from './editor-context.ts';
import { toolGroupsFor } from '../tool-picker.tsx';
import {
  allSteps,
  draftFromPlan,
  nextStepId,
  renameReferences,
  type PlanErrors,
  type StepDraft,
} from './plan-draft.ts';
import { planFromDraft, planText } from './plan-encode.ts';
import {
  checkDraftPlan,
  compareKeys,
  describeKey,
  errorsFromServer,
  fieldMessage,
  withoutErrors,
} from './plan-errors.ts';
import { TOP_SCOPE } from './references.ts';
import { StepListEditor } from './step-list-editor.tsx';
import { toolsByName } from './tool-fields.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The element an error is about: its field, or failing that the nearest enclosing one. */
function targetOf(key: string, fieldId: (key: string) => string): HTMLElement | null {
  const parts = key.split('.');
  for (let size = parts.length; size > 0; size--) {
    const at = parts.slice(0, size).join('.');
    const element =
      document.getElementById(fieldId(at)) ?? document.getElementById(`${fieldId(at)}-heading`);
    if (element) return element;
  }
  return null;
}

function ErrorSummary({
  errors,
  message,
  steps,
  fieldId,
  summaryRef,
}: {
  errors: PlanErrors;
  /** The server's words; with `fields`, shown only while some of its field errors remain. */
  message: { text: string; fields: boolean } | null;
  steps: readonly StepDraft[];
  fieldId: (key: string) => string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const entries = Object.entries(errors).sort(([a], [b]) => compareKeys(a, b));
  const show = entries.length > 0 || (message !== null && !message.fields);
  return (
    <div aria-live="polite">
      {show && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600/40"
        >
          <p className="font-semibold">
            {message?.text ??
              `The plan was not saved: ${plural(entries.length, 'mistake')} to fix first.`}
          </p>
          {entries.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {entries.map(([key, text]) => {
                const where = describeKey(key, steps);
                const place = [where.step && `Step ${where.step}`, where.field]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <li key={key} className="wrap-anywhere">
                    {place ? (
                      <button
                        type="button"
                        className="font-medium underline underline-offset-2 hover:text-red-950 focus-visible:outline-2 focus-visible:outline-red-700"
                        onClick={() => targetOf(key, fieldId)?.focus()}
                      >
                        {place}
                      </button>
                    ) : null}
                    {place ? ': ' : ''}
                    {fieldMessage(where.field, text)}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Edits the agent's plan and saves it with `PATCH /api/agents/{id}`. The contract's checks run
 * first; the server's answer (tools and their arguments against the catalog) lands on the fields.
 */
export function PlanEditor({
  agent,
  catalog,
  onSaved,
  onCancel,
}: {
  agent: Agent;
  catalog: readonly IntegrationInfo[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSaveSpec(agent.id);
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const tools = useMemo(() => toolsByName(catalog), [catalog]);
  const groups = useMemo(
    () =>
      toolGroupsFor(
        agent.spec.integrations.map(({ id }) => id),
        catalog,
      ),
    [agent, catalog],
  );
  const [steps, setSteps] = useState<StepDraft[]>(() => draftFromPlan(agent.spec.plan, tools));
  const [errors, setErrors] = useState<PlanErrors>({});
  const [message, setMessage] = useState<{ text: string; fields: boolean } | null>(null);
  const [focusError, setFocusError] = useState(0);
  const focusLater = useFocusLater();
  const savedText = useMemo(
    () => planText(draftFromPlan(agent.spec.plan, tools), tools),
    [agent.spec.plan, tools],
  );

  useEffect(() => {
    if (focusError === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summary.current)?.focus();
  }, [focusError]);

  const fieldId = (key: string) => `${formId}-${key}`;
  const state: PlanEditorState = {
    tools,
    groups,
    errors,
    clearError: (key) => setErrors((current) => withoutErrors(current, key)),
    resetErrors: () => {
      setErrors({});
      setMessage(null);
    },
    fieldId,
    focusLater,
    renameStep: (from, to) => {
      // Only to an id no other step has: two steps' references must not merge.
      if (allSteps(steps).filter((step) => step.id === to).length !== 1) return;
      setSteps((current) => renameReferences(current, from, to));
    },
    newStepId: () => nextStepId(steps),
    total: allSteps(steps).length,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const { plan, errors: unreadable } = planFromDraft(steps, tools);
    const found = checkDraftPlan(plan, unreadable);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length > 0) {
      setFocusError((n) => n + 1);
      return;
    }
    save.mutate(
      { plan },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields = errorsFromServer(error.fields);
          setErrors(fields);
          setMessage({ text: error.message, fields: Object.keys(fields).length > 0 });
          setFocusError((n) => n + 1);
        },
      },
    );
  }

  const dirty = planText(steps, tools) !== savedText;

  return (
    <PlanEditorContext value={state}>
      <form ref={form} noValidate onSubmit={submit} aria-label="Edit plan" className="space-y-4">
        <p className="text-sm text-slate-600">
          Steps run in order. A value written{' '}
          <code className="font-mono text-xs">{'{{steps.fetch.body}}'}</code> is the output of an
          earlier step; <code className="font-mono text-xs">{'{{input}}'}</code> is what started the
          run. Tool steps run without a language model.
        </p>
        <ErrorSummary
          errors={errors}
          message={message}
          steps={steps}
          fieldId={fieldId}
          summaryRef={summary}
        />
        <StepListEditor
          steps={steps}
          path="steps"
          label="Plan steps"
          scope={TOP_SCOPE}
          depth={1}
          onChange={setSteps}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <Button type="submit" keepFocus pending={save.isPending} pendingLabel="Saving...">
            Save plan
          </Button>
          <button
            type="button"
            className={secondaryButton}
            disabled={save.isPending}
            onClick={onCancel}
          >
            Cancel
          </button>
          <p role="status" className="text-sm text-slate-600">
            {dirty ? 'You have unsaved changes.' : ''}
          </p>
        </div>
      </form>
    </PlanEditorContext>
  );
}

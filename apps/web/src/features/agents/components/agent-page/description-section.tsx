import { CreateAgentSchema, type Agent } from '@spoke/shared';
import { Pencil } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { fieldErrors } from '#web/lib/field-errors.ts';
import { useApplyDescription, useRecompile } from '#web/features/agents/api/agents.ts';
import { browserTimeZone } from '#web/features/agents/time-zone.ts';
import { smallButton } from '../spec-form/field-styles.ts';
import { useFocusLater } from '../spec-form/use-focus-later.ts';
import { PromptField } from '../studio/prompt-field.tsx';
import { DescriptionPreview } from './description-preview.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';

const APPLIED = 'Description updated. The new spec and plan apply from the next run.';

/** The server's message for the description itself, shown under the field. */
const promptFieldError = (error: ApiError | null) => error?.fields?.prompt;

/**
 * The description the agent was built from, and a way to change it: the new description is
 * compiled into a preview of what would change, and only applying it saves anything.
 */
export function DescriptionSection({ agent }: { agent: Agent }) {
  const editId = useId();
  const fieldId = useId();
  const changesId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const focusLater = useFocusLater();
  const recompile = useRecompile(agent.id);
  const apply = useApplyDescription(agent.id);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const current = agent.prompt ?? '';
  const busy = recompile.isPending || apply.isPending;

  function open() {
    setText(current);
    setInvalid(undefined);
    setNote('');
    recompile.reset();
    apply.reset();
    setEditing(true);
    focusLater(fieldId);
  }

  function close(applied: boolean) {
    setEditing(false);
    setInvalid(undefined);
    recompile.reset();
    apply.reset();
    setNote(applied ? APPLIED : '');
    focusLater(editId);
  }

  function change(value: string) {
    setText(value);
    setInvalid(undefined);
    // A preview belongs to the text it was made from.
    if (!recompile.isIdle) recompile.reset();
    if (!apply.isIdle) apply.reset();
  }

  function preview(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = CreateAgentSchema.safeParse({ prompt: text, timezone: browserTimeZone() });
    if (!parsed.success) {
      setInvalid(fieldErrors(parsed.error).prompt ?? parsed.error.issues[0]?.message);
      textarea.current?.focus();
      return;
    }
    setInvalid(undefined);
    apply.reset();
    recompile.mutate(parsed.data, {
      onSuccess: () => focusLater(changesId),
      onError: (error) => {
        if (promptFieldError(error)) textarea.current?.focus();
      },
    });
  }

  function applyPreview() {
    if (busy || !recompile.data) return;
    apply.mutate(
      { spec: recompile.data.spec, prompt: recompile.variables?.prompt ?? text.trim() },
      {
        onSuccess: () => close(true),
        onError: (error) => {
          if (promptFieldError(error)) textarea.current?.focus();
        },
      },
    );
  }

  const fieldError = invalid ?? promptFieldError(recompile.error) ?? promptFieldError(apply.error);
  const announcement = recompile.isPending
    ? 'Working out what would change...'
    : recompile.isSuccess
      ? recompile.data.changes.length === 0
        ? 'No changes to the agent.'
        : `${recompile.data.changes.length} ${recompile.data.changes.length === 1 ? 'change' : 'changes'} to review.`
      : apply.isPending
        ? 'Applying the changes...'
        : '';

  const edit = (
    <button
      id={editId}
      type="button"
      className={`${smallButton} px-3 py-1.5 text-sm`}
      onClick={open}
    >
      <Pencil aria-hidden="true" className="size-3.5" />
      Edit description
    </button>
  );

  return (
    <SectionCard
      id="description-heading"
      title="Description"
      description="What you asked the agent to do. Edit it to rebuild the spec and plan: you see what would change before anything is saved."
      actions={editing ? null : edit}
    >
      {!editing ? (
        current ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
            {current}
          </p>
        ) : (
          <p className="text-sm text-slate-600">No description is recorded for this agent.</p>
        )
      ) : (
        <div>
          <form
            noValidate
            onSubmit={preview}
            aria-label="Edit description"
            aria-busy={recompile.isPending}
          >
            <PromptField
              id={fieldId}
              label="Description"
              placeholder="Describe what the agent should do, when, and with which services"
              value={text}
              error={fieldError}
              readOnly={busy}
              textareaRef={textarea}
              onChange={change}
            />
            {recompile.isError && !promptFieldError(recompile.error) && (
              <div className="mt-3">
                <Alert>{recompile.error.message}</Alert>
              </div>
            )}
            {!recompile.isSuccess && (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button
                  type="submit"
                  keepFocus
                  pending={recompile.isPending}
                  pendingLabel="Previewing..."
                >
                  Preview changes
                </Button>
                <button type="button" className={secondaryButton} onClick={() => close(false)}>
                  Cancel
                </button>
              </div>
            )}
          </form>
          {recompile.isSuccess && (
            <DescriptionPreview
              headingId={changesId}
              changes={recompile.data.changes}
              wordingChanged={(recompile.variables?.prompt ?? '') !== current.trim()}
              applying={apply.isPending}
              error={apply.isError && !promptFieldError(apply.error) ? apply.error : null}
              onApply={applyPreview}
              onCancel={() => close(false)}
            />
          )}
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <p role="status" aria-live="polite" className="mt-3 text-sm text-emerald-800 empty:hidden">
        {note}
      </p>
    </SectionCard>
  );
}

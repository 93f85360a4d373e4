import { CREATE_PHASES, CreateAgentSchema, type Agent } from '@spoke/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { createAgent } from '#web/features/agents/api/create-agent.ts';
import { agentKeys } from '#web/features/agents/api/keys.ts';
import { browserTimeZone } from '#web/features/agents/time-zone.ts';
import { CapabilityCards } from './capability-cards.tsx';
import { CreatedAgent } from './created-agent.tsx';
import { CreateProgress, PHASE_LABELS } from './create-progress.tsx';
import { ExamplePrompts } from './example-prompts.tsx';
import { PromptField } from './prompt-field.tsx';

/**
 * The agent studio: a description in, a saved agent out. The four progress steps follow the
 * phases the server streams while it compiles and saves the agent; the saved agent then takes the
 * form's place until the user asks for another (or picks an example).
 */
export function Studio({ examples }: { examples: readonly string[] }) {
  const queryClient = useQueryClient();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  const [phase, setPhase] = useState(0);
  const [invalid, setInvalid] = useState<string | undefined>();
  const create = useMutation<Agent, ApiError, string>({
    mutationFn: (text) =>
      createAgent(
        { prompt: text, timezone: browserTimeZone() },
        { onPhase: (next) => setPhase(CREATE_PHASES.indexOf(next)) },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agentKeys.list() }),
    // The prompt stays as typed, so the user can fix it and try again.
    onError: () => textarea.current?.focus(),
  });
  const busy = create.isPending;

  function fill(text: string) {
    setPrompt(text);
    setInvalid(undefined);
    if (!busy) create.reset();
    textarea.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = CreateAgentSchema.safeParse({ prompt });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      textarea.current?.focus();
      return;
    }
    setInvalid(undefined);
    setPhase(0);
    create.mutate(parsed.data.prompt);
  }

  function another() {
    create.reset();
    setPrompt('');
    // (The form comes back on the next render: focus it then.)
    requestAnimationFrame(() => textarea.current?.focus());
  }

  const promptError = invalid ?? create.error?.fields?.prompt;
  const announcement = busy
    ? `Step ${phase + 1} of ${CREATE_PHASES.length}: ${PHASE_LABELS[CREATE_PHASES[phase] ?? 'understanding']}`
    : create.isSuccess
      ? `Agent “${create.data.spec.name}” created.`
      : '';

  return (
    <div>
      {/* The created agent takes the form's place: a second click cannot make a duplicate. */}
      {!create.isSuccess && (
        <form noValidate onSubmit={submit} aria-busy={busy} aria-label="Create an agent">
          <PromptField
            value={prompt}
            error={promptError}
            readOnly={busy}
            textareaRef={textarea}
            onChange={(value) => {
              setPrompt(value);
              setInvalid(undefined);
            }}
          />
          <button
            type="submit"
            className={`${primaryButton} mt-3`}
            disabled={busy || prompt.trim() === ''}
          >
            {busy ? <Spinner /> : <Wand2 aria-hidden="true" className="size-4" />}
            {busy ? 'Creating Agent...' : 'Create Agent'}
          </button>
        </form>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {busy && <CreateProgress current={phase} />}
      {create.isError && !create.error.fields?.prompt && (
        <div className="mt-4">
          <Alert>{create.error.message}</Alert>
        </div>
      )}
      {create.isSuccess && <CreatedAgent agent={create.data} onAnother={another} />}
      <ExamplePrompts examples={examples} disabled={busy} onChoose={fill} />
      <CapabilityCards disabled={busy} onChoose={fill} />
    </div>
  );
}

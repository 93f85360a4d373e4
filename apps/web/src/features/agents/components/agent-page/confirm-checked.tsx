import type { Agent } from '@spoke/shared';
import { Alert } from '#web/components/alert.tsx';
import { useSaveSpec } from '#web/features/agents/api/agents.ts';
import { ToConfirm } from '../to-confirm.tsx';
import { AnswerQuestion } from './answer-question.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** The compiler's assumptions and open questions, until the owner says they are checked. */
export function ConfirmChecked({ agent }: { agent: Agent }) {
  const save = useSaveSpec(agent.id);
  return (
    <ToConfirm
      spec={agent.spec}
      heading="h2"
      answer={(question) => <AnswerQuestion agent={agent} question={question} />}
    >
      <p className="mt-3">
        {agent.spec.unresolved.length > 0
          ? 'Answer each question above, or edit the specification below; then mark these as checked.'
          : 'Correct anything wrong in the specification below, then mark these as checked.'}
      </p>
      {save.isError && (
        <div className="mt-2">
          <Alert>{save.error.message}</Alert>
        </div>
      )}
      <Button
        variant="secondary"
        className="mt-3 py-1.5"
        keepFocus
        pending={save.isPending}
        onClick={() => {
          save.mutate(
            { assumptions: [], unresolved: [] },
            // The box goes away with the button in it: focus moves to the page's title.
            { onSuccess: () => document.getElementById('agent-title')?.focus() },
          );
        }}
      >
        Mark as checked
      </Button>
    </ToConfirm>
  );
}

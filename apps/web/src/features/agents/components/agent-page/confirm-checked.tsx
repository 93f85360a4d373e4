import type { Agent } from '@spoke/shared';
import { Alert } from '../../../../components/alert.tsx';
import { secondaryButton } from '../../../../components/button-styles.ts';
import { Spinner } from '../../../../components/spinner.tsx';
import { useSaveSpec } from '../../api/agents.ts';
import { ToConfirm } from '../to-confirm.tsx';
import { AnswerQuestion } from './answer-question.tsx';

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
      <button
        type="button"
        className={`${secondaryButton} mt-3 py-1.5 aria-disabled:opacity-60`}
        aria-disabled={save.isPending}
        onClick={() => {
          if (save.isPending) return;
          save.mutate(
            { assumptions: [], unresolved: [] },
            // The box goes away with the button in it: focus moves to the page's title.
            { onSuccess: () => document.getElementById('agent-title')?.focus() },
          );
        }}
      >
        {save.isPending && <Spinner />}
        Mark as checked
      </button>
    </ToConfirm>
  );
}

import type { Agent } from '@spoke/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAgent } from '#web/features/agents/api/agents.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';

const dangerOutline =
  'inline-flex items-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';

/** Deletes the agent and its runs, after asking. */
export function DeleteAgent({ agent }: { agent: Agent }) {
  const remove = useDeleteAgent(agent.id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const name = agent.spec.name;
  return (
    <>
      <button type="button" className={dangerOutline} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" /> Delete agent
      </button>
      {asking && (
        <ConfirmDialog
          title={`Delete “${name}”?`}
          confirmLabel="Delete agent"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onCancel={() => {
            setAsking(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => void navigate('/app/agents', { state: { deleted: name } }),
            })
          }
        >
          The agent and its run history are deleted, and its trigger stops. This cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}

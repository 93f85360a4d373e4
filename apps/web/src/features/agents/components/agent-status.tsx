import type { Agent } from '@spoke/shared';
import { CirclePause, CirclePlay } from 'lucide-react';
import { formatDate } from '../format.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** Active, paused, or paused by a plan limit until a date. */
export function AgentStatus({ agent }: { agent: Pick<Agent, 'status' | 'paused_until'> }) {
  if (agent.status === 'active') {
    return (
      <span className={`${chip} bg-emerald-50 text-emerald-800 ring-emerald-300`}>
        <CirclePlay aria-hidden="true" className="size-3.5" />
        Active
      </span>
    );
  }
  return (
    <span className={`${chip} bg-amber-50 text-amber-900 ring-amber-300`}>
      <CirclePause aria-hidden="true" className="size-3.5" />
      {agent.paused_until ? `Paused until ${formatDate(agent.paused_until)}` : 'Paused'}
    </span>
  );
}

import type { Agent } from '@spoke/shared';
import { CircleAlert, CirclePause, CirclePlay, PlugZap } from 'lucide-react';
import { formatDate } from '../format.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export type AgentStateInput = Pick<Agent, 'status' | 'paused_until' | 'connections'> & {
  /** The latest run's status, where known (the list has it). */
  last_run_status?: string | null;
};

export type AgentState =
  | { kind: 'paused'; label: string }
  | { kind: 'needs-setup'; label: string; missing: string[] }
  | { kind: 'failing'; label: string }
  | { kind: 'active'; label: string };

/**
 * What the agent's state truly is: paused; needing setup while an integration it uses has no
 * credentials (its runs would fail); failing when its latest run failed; otherwise active.
 */
export function agentState(agent: AgentStateInput): AgentState {
  if (agent.status === 'paused') {
    return {
      kind: 'paused',
      label: agent.paused_until ? `Paused until ${formatDate(agent.paused_until)}` : 'Paused',
    };
  }
  const missing = Object.entries(agent.connections)
    .filter(([, connected]) => !connected)
    .map(([id]) => id);
  if (missing.length) return { kind: 'needs-setup', label: 'Needs setup', missing };
  if (agent.last_run_status === 'failed') return { kind: 'failing', label: 'Failing' };
  return { kind: 'active', label: 'Active' };
}

const LOOKS = {
  active: { tone: 'bg-emerald-50 text-emerald-800 ring-emerald-300', Icon: CirclePlay },
  paused: { tone: 'bg-amber-50 text-amber-900 ring-amber-300', Icon: CirclePause },
  'needs-setup': { tone: 'bg-sky-50 text-sky-900 ring-sky-300', Icon: PlugZap },
  failing: { tone: 'bg-red-50 text-red-800 ring-red-300', Icon: CircleAlert },
} as const;

/**
 * The agent's state as a chip; `names` turns the integrations still to connect into their names
 * ("Needs setup: connect Slack").
 */
export function AgentStatus({
  agent,
  names,
}: {
  agent: AgentStateInput;
  names?: (id: string) => string;
}) {
  const state = agentState(agent);
  const { tone, Icon } = LOOKS[state.kind];
  const detail =
    state.kind === 'needs-setup'
      ? `connect ${state.missing.map((id) => names?.(id) ?? id).join(', ')}`
      : null;
  return (
    <span className={`${chip} ${tone}`} title={detail ?? undefined}>
      <Icon aria-hidden="true" className="size-3.5" />
      {state.label}
      {detail && <span className="sr-only">: {detail}</span>}
    </span>
  );
}

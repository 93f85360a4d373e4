import { planSteps, type Agent } from '@spoke/shared';
import { useModelStatus } from '#web/lib/server-status.ts';
import { CircleAlert, CirclePause, CirclePlay, PlugZap } from 'lucide-react';
import { formatDate } from '../format.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export type AgentStateInput = Pick<Agent, 'status' | 'paused_until' | 'connections'> & {
  spec: Pick<Agent['spec'], 'unresolved' | 'plan'>;
  /** The latest run's status, where known (the list has it). */
  last_run_status?: string | null;
};

/** What an agent lacks before it can run as meant. */
export interface Missing {
  /** Integrations it uses that have no credentials. */
  connections: string[];
  /** The compiler's questions still unanswered. */
  questions: number;
  /** Whether its runs need a language model this server does not have. */
  model: boolean;
}

export type AgentState =
  | { kind: 'paused'; label: string }
  | { kind: 'needs-setup'; label: string; missing: Missing }
  | { kind: 'failing'; label: string }
  | { kind: 'active'; label: string };

/** Whether runs of the agent ask a language model: no plan (one model loop), or a step of it. */
export function needsModel(spec: Pick<Agent['spec'], 'plan'>): boolean {
  if (!spec.plan) return true;
  for (const { step } of planSteps(spec.plan.steps)) {
    if (step.kind === 'model' || step.kind === 'agent') return true;
  }
  return false;
}

/**
 * What the agent's state truly is: paused; needing setup while an integration it uses has no
 * credentials, a question of the compiler is unanswered, or its runs need a model the server
 * lacks (`modelConfigured` false; unknown counts as there); failing when its latest run failed;
 * otherwise active.
 */
export function agentState(agent: AgentStateInput, modelConfigured?: boolean | null): AgentState {
  if (agent.status === 'paused') {
    return {
      kind: 'paused',
      label: agent.paused_until ? `Paused until ${formatDate(agent.paused_until)}` : 'Paused',
    };
  }
  const missing: Missing = {
    connections: Object.entries(agent.connections)
      .filter(([, connected]) => !connected)
      .map(([id]) => id),
    questions: agent.spec.unresolved.length,
    model: modelConfigured === false && needsModel(agent.spec),
  };
  if (missing.connections.length || missing.questions || missing.model) {
    return { kind: 'needs-setup', label: 'Needs setup', missing };
  }
  if (agent.last_run_status === 'failed') return { kind: 'failing', label: 'Failing' };
  return { kind: 'active', label: 'Active' };
}

/** What is missing, in words: "connect Slack, answer 1 question". */
export function missingInWords(missing: Missing, names?: (id: string) => string): string {
  const parts: string[] = [];
  if (missing.connections.length) {
    parts.push(`connect ${missing.connections.map((id) => names?.(id) ?? id).join(', ')}`);
  }
  if (missing.questions) {
    parts.push(`answer ${missing.questions} question${missing.questions === 1 ? '' : 's'}`);
  }
  if (missing.model) parts.push('a language model (an administrator sets one up)');
  return parts.join(', ');
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
  showMissing = false,
}: {
  agent: AgentStateInput;
  names?: (id: string) => string;
  /** Say what is missing beside the chip (the agent's own page), not only to screen readers. */
  showMissing?: boolean;
}) {
  const model = useModelStatus().data;
  const state = agentState(agent, model ? model === 'configured' : null);
  const { tone, Icon } = LOOKS[state.kind];
  const detail = state.kind === 'needs-setup' ? missingInWords(state.missing, names) : null;
  const chipElement = (
    <span className={`${chip} ${tone}`} title={detail ?? undefined}>
      <Icon aria-hidden="true" className="size-3.5" />
      {state.label}
      {detail && <span className="sr-only">: {detail}</span>}
    </span>
  );
  if (!showMissing || !detail) return chipElement;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {chipElement}
      <span aria-hidden="true" className="text-sm text-sky-900">
        {detail[0]!.toUpperCase() + detail.slice(1)}
      </span>
    </span>
  );
}

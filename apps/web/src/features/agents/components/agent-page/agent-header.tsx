import type { Agent } from '@spoke/shared';
import { ArrowLeft, Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton, textLink } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { usePauseResume } from '#web/features/agents/api/agents.ts';
import { useIntegrations } from '#web/features/agents/api/integrations.ts';
import { formatDate, formatDateTime } from '#web/features/agents/format.ts';
import { AgentStatus } from '../agent-status.tsx';

/** The agent's name and state, with pause and resume. */
export function AgentHeader({ agent }: { agent: Agent }) {
  const toggle = usePauseResume(agent.id);
  const catalog = useIntegrations().data;
  const paused = agent.status === 'paused';
  const action = paused ? 'resume' : 'pause';
  return (
    <header>
      <Link to="/app/agents" className={`${textLink} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" /> All agents
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1
            id="agent-title"
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight break-words text-slate-900 focus:outline-none"
          >
            {agent.spec.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <AgentStatus
              agent={agent}
              showMissing
              names={(id) => catalog?.find((integration) => integration.id === id)?.name ?? id}
            />
            <span>{agent.spec.category}</span>
            <span>
              Created <time dateTime={agent.created_at}>{formatDateTime(agent.created_at)}</time>
            </span>
            <span>
              {agent.compiled_by === 'model'
                ? 'Written by your language model'
                : 'Written by the built-in compiler'}
            </span>
          </p>
        </div>
        <button
          type="button"
          className={`${secondaryButton} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          aria-disabled={toggle.isPending}
          onClick={() => {
            if (!toggle.isPending) toggle.mutate(action);
          }}
        >
          {toggle.isPending ? (
            <Spinner />
          ) : paused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      {agent.spec.summary && <p className="mt-3 max-w-3xl text-slate-700">{agent.spec.summary}</p>}
      {agent.paused_until && (
        <div className="mt-4">
          <Alert tone="info">
            A plan limit paused this agent until {formatDate(agent.paused_until)}, when the next
            billing period starts. Your usage is on{' '}
            <Link to="/app/billing" className={textLink}>
              Pricing &amp; Billing
            </Link>
            .
          </Alert>
        </div>
      )}
      {toggle.isError && (
        <div className="mt-4">
          <Alert>{toggle.error.message}</Alert>
        </div>
      )}
      <p role="status" className="sr-only">
        {toggle.isSuccess
          ? toggle.data.status === 'paused'
            ? 'Agent paused.'
            : 'Agent resumed.'
          : ''}
      </p>
    </header>
  );
}

import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { useAgentList } from '../api/agents.ts';
import { byId, useIntegrations } from '../api/integrations.ts';
import { AgentListSkeleton } from '../components/agent-list-skeleton.tsx';
import { AgentRow } from '../components/agent-row.tsx';
import { LoadMore } from '#web/components/load-more.tsx';
import { RetryError } from '#web/components/retry-error.tsx';

/** Set by the agent page after a delete, so this page can say what happened. */
export interface AgentsLocationState {
  deleted?: string;
}

function AgentList() {
  const agents = useAgentList();
  const catalog = byId(useIntegrations().data);
  const moreError = agents.isFetchNextPageError ? agents.error.message : null;

  if (agents.isPending) return <AgentListSkeleton />;
  if (agents.isError) {
    return <RetryError message={agents.error.message} onRetry={() => void agents.refetch()} />;
  }
  const all = agents.data.pages.flatMap((page) => page.agents);
  if (all.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
        <p className="font-medium text-slate-900">You have no agents yet.</p>
        <p className="mt-1 text-sm text-slate-600">
          Describe one in plain words in the{' '}
          <Link to="/app/dashboard" className={textLink}>
            agent studio
          </Link>{' '}
          and it appears here.
        </p>
      </div>
    );
  }
  return (
    <>
      {moreError && (
        <div className="mb-4">
          <Alert>{moreError}</Alert>
        </div>
      )}
      <ul aria-label="Your agents" className="space-y-3">
        {all.map((agent) => (
          <AgentRow key={agent.id} agent={agent} catalog={catalog} />
        ))}
      </ul>
      <LoadMore
        label="Load more agents"
        hasMore={agents.hasNextPage}
        loading={agents.isFetchingNextPage}
        onLoad={() => void agents.fetchNextPage()}
      />
    </>
  );
}

export function Component() {
  usePageTitle('Autonomous Agent');
  const deleted = (useLocation().state as AgentsLocationState | null)?.deleted;
  const note = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (deleted) note.current?.focus();
  }, [deleted]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Autonomous Agent</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Your agents: when each one runs, how its last run went and what it used this billing
            period.
          </p>
        </div>
        <Link to="/app/dashboard" className={primaryButton}>
          <Plus aria-hidden="true" className="size-4" /> New agent
        </Link>
      </div>
      {deleted && (
        <p
          ref={note}
          tabIndex={-1}
          role="status"
          className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 focus:outline-none"
        >
          Deleted “{deleted}”.
        </p>
      )}
      <div className="mt-8">
        <AgentList />
      </div>
    </div>
  );
}

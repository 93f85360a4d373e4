import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { RetryError } from '#web/components/retry-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAgentList } from '#web/features/agents/api/agents.ts';
import { byId, useIntegrations } from '#web/features/agents/api/integrations.ts';
import { AgentStatus } from '#web/features/agents/components/agent-status.tsx';
import { runStatusLabel } from '#web/features/agents/format.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { SectionCard } from '#web/components/ui/section-card.tsx';

/** How many agents the dashboard lists; the agents page has them all. */
const SHOWN = 5;

/** The user's newest agents on the dashboard: each one's state and last run. */
export function AgentsCard() {
  const agents = useAgentList();
  const catalog = byId(useIntegrations().data);
  const all = agents.data?.pages.flatMap((page) => page.agents) ?? [];
  const more = all.length > SHOWN || agents.hasNextPage;
  return (
    <SectionCard
      id="agents-card-heading"
      title="Your agents"
      actions={
        all.length > 0 && (
          <Link to="/app/agents" className={`${textLink} text-sm`}>
            {more ? 'See all' : 'Agents page'}
          </Link>
        )
      }
    >
      {agents.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading your agents...
        </p>
      ) : agents.isError ? (
        <div>
          <RetryError message={agents.error.message} onRetry={() => void agents.refetch()} />
        </div>
      ) : all.length === 0 ? (
        <p className="text-sm text-slate-600">
          None yet: describe one in the studio and it appears here.
        </p>
      ) : (
        <ul aria-label="Your newest agents" className="-mt-2 divide-y divide-slate-100">
          {all.slice(0, SHOWN).map((agent) => (
            <li key={agent.id} className="py-3 first:pt-1 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/app/agents/${encodeURIComponent(agent.id)}`}
                  className="min-w-0 font-medium break-words text-slate-900 underline-offset-2 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {agent.spec.name}
                </Link>
                <AgentStatus agent={agent} names={(id) => catalog.get(id)?.name ?? id} />
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {agent.last_run_at ? (
                  <>
                    Last run{' '}
                    <time dateTime={agent.last_run_at}>{formatDateTime(agent.last_run_at)}</time>
                    {agent.last_run_status ? ` · ${runStatusLabel(agent.last_run_status)}` : ''}
                  </>
                ) : (
                  'No runs yet'
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

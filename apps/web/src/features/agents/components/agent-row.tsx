import type { AgentListItem, IntegrationInfo } from '@spoke/shared';
import { Link } from 'react-router';
import { formatDateTime, plural, triggerInWords } from '../format.ts';
import { AgentStatus } from './agent-status.tsx';
import { RunStatus } from './run-status.tsx';

const term = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** One agent in the list: what it is, when it runs, how its last run went, what it used. */
export function AgentRow({
  agent,
  catalog,
}: {
  agent: AgentListItem;
  catalog: ReadonlyMap<string, IntegrationInfo>;
}) {
  const { spec } = agent;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-lg font-semibold break-words">
          <Link
            to={`/app/agents/${encodeURIComponent(agent.id)}`}
            className="text-slate-900 underline-offset-2 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {spec.name}
          </Link>
        </h2>
        <AgentStatus agent={agent} names={(id) => catalog.get(id)?.name ?? id} />
        <span className="text-sm text-slate-500">{spec.category}</span>
      </div>
      {spec.summary && <p className="mt-1 text-sm text-slate-700">{spec.summary}</p>}
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className={term}>Runs</dt>
          <dd className="mt-1 text-sm text-slate-800">{triggerInWords(spec.trigger, catalog)}</dd>
        </div>
        <div>
          <dt className={term}>Last run</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            {agent.last_run_at ? (
              <>
                {agent.last_run_status && <RunStatus status={agent.last_run_status} />}
                <time dateTime={agent.last_run_at}>{formatDateTime(agent.last_run_at)}</time>
              </>
            ) : (
              'No runs yet'
            )}
          </dd>
        </div>
        <div>
          <dt className={term}>Used this period</dt>
          <dd className="mt-1 text-sm text-slate-800">
            {plural(agent.usage.messages, 'message')} ·{' '}
            {plural(agent.usage.integration_credits, 'credit')}
          </dd>
        </div>
      </dl>
    </li>
  );
}

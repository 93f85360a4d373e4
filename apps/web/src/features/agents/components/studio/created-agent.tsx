import type { Agent } from '@spoke/shared';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { byId, useIntegrations } from '#web/features/agents/api/integrations.ts';
import { integrationName } from '#web/features/agents/format.ts';
import { ConnectionStatus } from '../connection-status.tsx';
import { ToConfirm } from '../to-confirm.tsx';
import { TriggerSummary } from '../trigger-summary.tsx';

const label = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** The agent the studio just created: what it will do, and where to go next. */
export function CreatedAgent({ agent, onAnother }: { agent: Agent; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const catalog = byId(useIntegrations().data);
  const { spec } = agent;

  useEffect(() => heading.current?.focus(), []);

  return (
    <article
      aria-labelledby="created-agent-heading"
      className="mt-6 rounded-xl border border-emerald-300 bg-white p-5 shadow-sm"
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        Agent created
      </p>
      <h3
        id="created-agent-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-1 text-xl font-semibold break-words text-slate-900 focus:outline-none"
      >
        {spec.name}
      </h3>
      {spec.summary && <p className="mt-1 text-slate-700">{spec.summary}</p>}

      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className={label}>Runs</dt>
          <dd className="mt-1">
            <TriggerSummary agent={agent} catalog={catalog} />
          </dd>
        </div>
        <div>
          <dt className={label}>Category</dt>
          <dd className="mt-1 text-sm text-slate-800">{spec.category}</dd>
        </div>
      </dl>

      <h4 className={`${label} mt-5`}>Integrations</h4>
      {spec.integrations.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">None: it only uses what you give it.</p>
      ) : (
        <ul aria-label="Integrations" className="mt-2 space-y-2">
          {spec.integrations.map((integration) => (
            <li
              key={integration.id}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
            >
              <span className="font-medium text-slate-900">
                {integrationName(integration.id, catalog)}
              </span>
              <ConnectionStatus connected={agent.connections[integration.id] ?? false} />
              {integration.why && <span className="text-slate-600">— {integration.why}</span>}
            </li>
          ))}
        </ul>
      )}

      <h4 className={`${label} mt-5`}>Steps</h4>
      <ol aria-label="Steps" className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-800">
        {spec.steps.map((step, index) => (
          <li key={index}>
            {step.text}
            {step.tools.length > 0 && (
              <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
                {step.tools.map((tool) => (
                  <code
                    key={tool}
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700"
                  >
                    {tool}
                  </code>
                ))}
              </span>
            )}
          </li>
        ))}
      </ol>

      <div className="mt-5">
        <ToConfirm spec={spec}>
          <p className="mt-3">You can change any of this on the agent&rsquo;s page.</p>
        </ToConfirm>
      </div>

      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={`/app/agents/${encodeURIComponent(agent.id)}`} className={primaryButton}>
          Open agent page <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <button type="button" className={secondaryButton} onClick={onAnother}>
          Create another agent
        </button>
      </div>
    </article>
  );
}

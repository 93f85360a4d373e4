import type { Agent } from '@spoke/shared';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { secondaryButton } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { isApiError } from '#web/lib/api/api-error.ts';
import { useAgent } from '../api/agents.ts';
import { byId, useIntegrations } from '../api/integrations.ts';
import { AgentHeader } from '../components/agent-page/agent-header.tsx';
import { ConfirmChecked } from '../components/agent-page/confirm-checked.tsx';
import { DeleteAgent } from '../components/agent-page/delete-agent.tsx';
import { DescriptionSection } from '../components/agent-page/description-section.tsx';
import { IntegrationsPanel } from '../components/agent-page/integrations-panel.tsx';
import { RunHistory } from '../components/agent-page/run-history.tsx';
import { RunPanel } from '../components/agent-page/run-panel.tsx';
import { SectionCard } from '#web/components/ui/section-card.tsx';
import { WebhookPanel } from '../components/agent-page/webhook-panel.tsx';
import { AgentPageSkeleton } from '../components/agent-page/agent-page-skeleton.tsx';
import { RetryError } from '#web/components/retry-error.tsx';
import { PlanSection } from '../components/plan/plan-section.tsx';
import { SpecForm } from '../components/spec-form/spec-form.tsx';
import { TriggerSummary } from '../components/trigger-summary.tsx';

function AgentPage({ agent }: { agent: Agent }) {
  usePageTitle(agent.spec.name);
  const integrations = useIntegrations();
  // `?run=<id>` (a run linked from the dashboard) opens that run's steps.
  const [search] = useSearchParams();
  const linkedRun = search.get('run');
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(linkedRun ? [linkedRun] : []),
  );
  // A new description replaces the whole spec: the editors then start over from the new one.
  const specKey = `${agent.id}:${agent.prompt ?? ''}`;

  function toggle(runId: string, show?: boolean) {
    setOpen((current) => {
      const next = new Set(current);
      if (show ?? !next.has(runId)) next.add(runId);
      else next.delete(runId);
      return next;
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AgentHeader agent={agent} />
      <div className="mt-6 max-w-3xl empty:hidden">
        <ConfirmChecked agent={agent} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <DescriptionSection agent={agent} />
          <SectionCard
            id="run-heading"
            title="Run now"
            description="Start a run by hand, or see with a dry run what it would do."
          >
            <RunPanel agent={agent} onStarted={(runId) => toggle(runId, true)} />
          </SectionCard>
          <SectionCard id="runs-heading" title="Run history">
            <RunHistory
              agentId={agent.id}
              open={open}
              onToggle={(runId) => toggle(runId)}
              linkedRun={linkedRun}
            />
          </SectionCard>
          <PlanSection
            key={specKey}
            agent={agent}
            catalog={{
              data: integrations.data,
              error: integrations.isError ? integrations.error.message : null,
              retry: () => void integrations.refetch(),
            }}
          />
          <SectionCard
            id="spec-heading"
            title="Specification"
            description="What the agent does and when. Changes apply from the next run."
          >
            <SpecForm key={specKey} agent={agent} catalog={integrations.data} />
          </SectionCard>
        </div>
        <div className="min-w-0 space-y-6">
          <SectionCard id="trigger-heading" title="Trigger">
            <TriggerSummary agent={agent} catalog={byId(integrations.data)} />
          </SectionCard>
          <SectionCard
            id="integrations-heading"
            title="Integrations"
            description="Credentials are stored encrypted and never shown again."
          >
            <IntegrationsPanel
              agent={agent}
              catalog={integrations.data}
              error={integrations.isError ? integrations.error.message : null}
              onRetry={() => void integrations.refetch()}
            />
          </SectionCard>
          {(agent.webhook || agent.webhook_signing_secret !== undefined) && (
            <SectionCard id="webhook-heading" title="Webhook">
              <WebhookPanel agent={agent} />
            </SectionCard>
          )}
          <SectionCard
            id="delete-heading"
            title="Delete agent"
            description="Removes the agent and its run history."
          >
            <DeleteAgent agent={agent} />
          </SectionCard>
        </div>
      </div>
    </div>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const agent = useAgent(id);

  if (agent.isPending) return <AgentPageSkeleton />;
  if (agent.isError) {
    return (
      <AgentLoadError
        status={isApiError(agent.error) ? agent.error.status : undefined}
        message={agent.error.message}
        retry={() => void agent.refetch()}
      />
    );
  }
  return <AgentPage agent={agent.data} />;
}

function AgentLoadError({
  status,
  message,
  retry,
}: {
  status: number | undefined;
  message: string;
  retry: () => void;
}) {
  const missing = status === 404;
  usePageTitle(missing ? 'Agent not found' : 'Agent');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {missing ? 'Agent not found' : 'Could not load the agent'}
      </h1>
      <div className="mt-6">
        {missing ? (
          <p className="text-slate-700">
            There is no agent at this address, or it is not yours. It may have been deleted.
          </p>
        ) : (
          <RetryError message={message} onRetry={retry} />
        )}
      </div>
      <Link to="/app/agents" className={`${secondaryButton} mt-8`}>
        All agents
      </Link>
    </div>
  );
}

import { useAuth } from '#web/lib/auth/use-auth.ts';
import { AgentStudioPanel } from '../dashboard/agent-studio-panel.tsx';
import { AgentsCard } from '../dashboard/agents-card.tsx';
import { RecentRunsCard } from '../dashboard/recent-runs-card.tsx';
import { UsageCard } from '../dashboard/usage-card.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';

export function Component() {
  usePageTitle('Dashboard');
  const { user } = useAuth();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Welcome, {user?.display_name || user?.username}
      </h1>
      <p className="mt-2 text-slate-600">Your agents, their latest runs and your plan's usage.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <AgentStudioPanel />
        <div className="space-y-6">
          <AgentsCard />
          <RecentRunsCard />
          <UsageCard />
        </div>
      </div>
    </div>
  );
}

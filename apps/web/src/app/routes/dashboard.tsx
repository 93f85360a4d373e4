import { BookOpen, CreditCard, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { useSignOut } from '../../components/layout/use-sign-out.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { AgentStudioPanel } from '../dashboard/agent-studio-panel.tsx';
import { AgentsCard } from '../dashboard/agents-card.tsx';
import { UsageCard } from '../dashboard/usage-card.tsx';
import { usePageTitle } from '../../components/layout/use-page-title.ts';

const shortcut =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function Component() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const signOut = useSignOut();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Welcome, {user?.display_name || user?.username}
      </h1>
      <p className="mt-2 text-slate-600">Your agents, usage and account in one place.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <AgentStudioPanel />
        <div className="space-y-6">
          <AgentsCard />
          <UsageCard />
          <nav
            aria-label="Account"
            className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            <Link to="/app/settings" className={shortcut}>
              <Settings aria-hidden="true" className="size-4 text-slate-500" /> Settings
            </Link>
            <Link to="/app/billing" className={shortcut}>
              <CreditCard aria-hidden="true" className="size-4 text-slate-500" /> Pricing &amp;
              Billing
            </Link>
            <Link to="/app/docs" className={shortcut}>
              <BookOpen aria-hidden="true" className="size-4 text-slate-500" /> Documentation
            </Link>
            <button type="button" className={`${shortcut} w-full`} onClick={() => void signOut()}>
              <LogOut aria-hidden="true" className="size-4 text-slate-500" /> Sign Out
            </button>
          </nav>
        </div>
      </div>
    </div>
  );
}

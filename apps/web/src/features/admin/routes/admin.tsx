import { useSearchParams } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { AccessDenied } from '../components/access-denied.tsx';
import { AdminTabs, type Tab } from '../components/admin-tabs.tsx';
import { MessagesPanel } from '../components/messages-panel.tsx';
import { PlanRequestsPanel } from '../components/plan-requests-panel.tsx';
import { RegistryPanel } from '../components/registry-panel.tsx';
import { ModelStatus } from '../components/model-status.tsx';
import { SandboxStatus } from '../components/sandbox-status.tsx';
import { UsersPanel } from '../components/users-panel.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';

type Section = 'users' | 'plan-requests' | 'messages' | 'registry';

const TABS: Tab<Section>[] = [
  { id: 'users', label: 'Users', panel: <UsersPanel /> },
  { id: 'plan-requests', label: 'Plan requests', panel: <PlanRequestsPanel /> },
  { id: 'messages', label: 'Contact messages', panel: <MessagesPanel /> },
  { id: 'registry', label: 'Registry', panel: <RegistryPanel /> },
];

export function Component() {
  const { isAdmin } = useAuth();
  usePageTitle(isAdmin ? 'Admin' : 'Access denied');
  // The tab lives in the address, so a reload or a shared link opens the same section.
  const [search, setSearch] = useSearchParams();
  if (!isAdmin) return <AccessDenied />;

  const selected: Section = TABS.find((tab) => tab.id === search.get('tab'))?.id ?? 'users';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin</h1>
      <p className="mt-2 text-slate-600">
        Manage users, their plans and admin rights, decide plan requests, read contact messages, and
        moderate the registry.
      </p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <SandboxStatus />
        <ModelStatus />
      </div>
      <div className="mt-8">
        <AdminTabs
          tabs={TABS}
          selected={selected}
          // A tab changes the panel in place: the page keeps its scroll position.
          onSelect={(id) =>
            setSearch(id === 'users' ? {} : { tab: id }, {
              replace: true,
              preventScrollReset: true,
            })
          }
        />
      </div>
    </div>
  );
}

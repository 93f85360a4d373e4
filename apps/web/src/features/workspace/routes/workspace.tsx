import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage title="Workspace" back={{ to: '/app/dashboard', label: 'Back to dashboard' }}>
      <p>Workspaces, where your agents and their MCP servers live together, are coming soon.</p>
    </PlaceholderPage>
  );
}

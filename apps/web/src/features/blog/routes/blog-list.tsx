import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage title="Blog">
      <p>Posts about building AI agents and working with MCP servers are coming soon.</p>
    </PlaceholderPage>
  );
}

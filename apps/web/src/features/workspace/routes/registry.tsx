import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage title="Registry" back={{ to: '/app/dashboard', label: 'Back to dashboard' }}>
      <p>Browsing and adding MCP servers from the registry is coming soon.</p>
    </PlaceholderPage>
  );
}

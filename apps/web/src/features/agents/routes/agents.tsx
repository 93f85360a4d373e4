import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage
      title="Autonomous Agent"
      back={{ to: '/app/dashboard', label: 'Back to dashboard' }}
    >
      <p>Agents that work through multi-step tasks on their own are coming soon.</p>
    </PlaceholderPage>
  );
}

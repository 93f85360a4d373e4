import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage title="Documentation">
      <p>
        Guides for installing the <code className="font-mono text-base">spoke</code> command-line
        tool, a quick start, the command reference, the registry, the API and enterprise setup are
        coming soon.
      </p>
    </PlaceholderPage>
  );
}

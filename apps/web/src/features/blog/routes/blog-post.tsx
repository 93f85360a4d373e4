import { PlaceholderPage } from '../../../components/layout/placeholder-page.tsx';

export function Component() {
  return (
    <PlaceholderPage title="Blog" back={{ to: '/blog', label: 'Back to the blog' }}>
      <p>This post is not published yet. Blog posts are coming soon.</p>
    </PlaceholderPage>
  );
}

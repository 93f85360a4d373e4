import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';

export function PostNotFound() {
  usePageTitle('Post not found');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <FileQuestion aria-hidden="true" className="mx-auto size-10 text-blue-600" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Post not found</h1>
      <p className="mt-3 text-slate-600">
        There is no blog post at this address. It may have been renamed or taken down.
      </p>
      <Link to="/blog" className={`${primaryButton} mt-8`}>
        Back to the blog
      </Link>
    </div>
  );
}

import { ArrowLeft, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { docsTitle } from '../content/docs-title.ts';

/** An unknown tab: a chapter that may come, rather than an error. */
export function ComingSoon({ base }: { base: string }) {
  usePageTitle(docsTitle('Coming Soon'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-blue-50 text-blue-700">
        <Sparkles aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Coming Soon</h1>
      <p className="mt-3 text-lg text-slate-600">
        This documentation section is being crafted with care. Check back soon!
      </p>
      <Link to={base} className={`${secondaryButton} mt-8`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Documentation
      </Link>
    </div>
  );
}

import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '../button-styles.ts';
import { usePageTitle } from './use-page-title.ts';

/** A titled page for a part of the product that is not built yet; says so plainly. */
export function PlaceholderPage({
  title,
  children,
  back = { to: '/', label: 'Back to home' },
}: {
  title: string;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <p className="inline-flex items-center gap-1.5 rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-blue-800">
        <Sparkles aria-hidden="true" className="size-3.5" />
        Coming soon
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 text-lg text-slate-600">{children}</div>
      <Link to={back.to} className={`${secondaryButton} mt-8`}>
        {back.label}
      </Link>
    </div>
  );
}

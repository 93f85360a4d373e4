import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';

export function Component() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={primaryButton}>
          Go home
        </Link>
        <Link to="/app/docs" className={secondaryButton}>
          Documentation
        </Link>
      </div>
    </div>
  );
}

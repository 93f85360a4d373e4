import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { CONTENT_WIDTH, READING_WIDTH } from '#web/components/layout/content-width.ts';
import { StatusPanel } from '../components/status-panel.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';

export function Component() {
  usePageTitle('Status');
  return (
    <div className={`${CONTENT_WIDTH} py-10 sm:py-16`}>
      <div className={READING_WIDTH}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          System status
        </h1>
        <p className="mt-3 text-lg leading-8 text-slate-600">
          Live status of the Spoke API and its database. While this page is open it checks again
          every 30 seconds.
        </p>
        <div className="mt-8">
          <StatusPanel />
        </div>
        <p className="mt-8 text-sm text-slate-600">
          Something not working although everything here looks fine?{' '}
          <Link to="/contact?topic=support" className={textLink}>
            Contact support
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

import { planById } from '@spoke/shared';
import { Link } from 'react-router';
import { secondaryButton, textLink } from '../../components/button-styles.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useBilling } from '../../features/billing/api/billing.ts';
import { UsageSummary } from '../../features/billing/components/usage-summary.tsx';
import { formatDate } from '../../features/billing/format.ts';

export function UsageCard() {
  const billing = useBilling();
  return (
    <section
      aria-labelledby="usage-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
          Usage
        </h2>
        <Link to="/app/billing" className={`${textLink} text-sm`}>
          Pricing &amp; Billing
        </Link>
      </div>
      {billing.isPending ? (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading usage...
        </p>
      ) : billing.isError ? (
        <div className="mt-4 space-y-3">
          <p role="alert" className="text-sm text-red-700">
            {billing.error.message}
          </p>
          <button
            type="button"
            className={`${secondaryButton} py-1.5`}
            onClick={() => void billing.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            <span className="font-semibold text-slate-800">{planById(billing.data.plan).name}</span>{' '}
            plan · until {formatDate(billing.data.period.end)}
          </p>
          <div className="mt-4">
            <UsageSummary billing={billing.data} />
          </div>
        </>
      )}
    </section>
  );
}

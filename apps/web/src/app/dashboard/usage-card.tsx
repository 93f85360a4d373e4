import { planById } from '@spoke/shared';
import { Link } from 'react-router';
import { secondaryButton, textLink } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useBilling } from '#web/features/billing/api/billing.ts';
import { UsageSummary } from '#web/features/billing/components/usage-summary.tsx';
import { formatDate } from '#web/features/billing/format.ts';
import { SectionCard } from '#web/components/ui/section-card.tsx';

export function UsageCard() {
  const billing = useBilling();
  return (
    <SectionCard
      id="usage-heading"
      title="Usage"
      actions={
        <Link to="/app/billing" className={`${textLink} text-sm`}>
          Pricing &amp; Billing
        </Link>
      }
      description={
        billing.data && (
          <>
            <span className="font-semibold text-slate-800">{planById(billing.data.plan).name}</span>{' '}
            plan · until {formatDate(billing.data.period.end)}
          </>
        )
      }
    >
      {billing.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading usage...
        </p>
      ) : billing.isError ? (
        <div className="space-y-3">
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
        <UsageSummary billing={billing.data} />
      )}
    </SectionCard>
  );
}

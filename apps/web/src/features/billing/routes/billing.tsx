import { FREE_LIMIT_RULE, planById, type Billing } from '@spoke/shared';
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { secondaryButton, textLink } from '../../../components/button-styles.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useBilling } from '../api/billing.ts';
import { PlanList } from '../components/plan-list.tsx';
import { UsageSummary } from '../components/usage-summary.tsx';
import { formatDate } from '../format.ts';
import { usePageTitle } from '../../../components/layout/use-page-title.ts';

export function Component() {
  usePageTitle('Pricing & Billing');
  const billing = useBilling();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Pricing &amp; Billing</h1>
      <p className="mt-2 text-slate-600">
        Your plan, this period&apos;s usage and the plans on offer.
      </p>

      {billing.isPending ? (
        <PageLoading />
      ) : billing.isError ? (
        <div className="mt-8 max-w-xl space-y-3">
          <Alert>{billing.error.message}</Alert>
          <button type="button" className={secondaryButton} onClick={() => void billing.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <YourPlan billing={billing.data} />
          <section aria-labelledby="plans-heading" className="mt-12">
            <h2 id="plans-heading" className="text-xl font-semibold text-slate-900">
              Plans
            </h2>
            <p className="mt-1 flex gap-2 text-sm text-slate-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
              <span>
                There is no online checkout yet: an administrator changes plans for now.{' '}
                <Link to="/contact?topic=sales" className={textLink}>
                  Contact us
                </Link>{' '}
                to change yours.
              </span>
            </p>
            <div className="mt-5">
              <PlanList current={billing.data.plan} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function YourPlan({ billing }: { billing: Billing }) {
  const plan = planById(billing.plan);
  return (
    <section
      aria-labelledby="your-plan-heading"
      className="mt-8 grid gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-[1fr_1.4fr]"
    >
      <div>
        <h2 id="your-plan-heading" className="text-sm font-semibold text-slate-600">
          Your plan
        </h2>
        <p className="mt-1 text-2xl font-bold text-slate-900">{plan.name}</p>
        <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
        <dl className="mt-4 text-sm">
          <dt className="font-medium text-slate-800">Current period</dt>
          <dd className="text-slate-600">
            <time dateTime={billing.period.start}>{formatDate(billing.period.start)}</time>
            {' – '}
            <time dateTime={billing.period.end}>{formatDate(billing.period.end)}</time>
          </dd>
        </dl>
        <p className="mt-4 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
          {FREE_LIMIT_RULE}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-600">Usage this period</h3>
        <div className="mt-3">
          <UsageSummary billing={billing} />
        </div>
      </div>
    </section>
  );
}

import {
  FREE_LIMIT_RULE,
  PLANS,
  planById,
  type Billing,
  type BillingPeriod,
  type Plan,
  type UpgradeStatus,
} from '@spoke/shared';
import { Info } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '#web/components/alert.tsx';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { BillingToggle } from '#web/components/billing-toggle.tsx';
import { useBilling } from '../api/billing.ts';
import {
  PAYING_STATUSES,
  useCheckout,
  usePortal,
  useRequestPlan,
  useUpgradeStatus,
  type PlanChoice,
} from '../api/upgrade.ts';
import { CONFIRM_POLL_MS, CheckoutNotice } from '../components/checkout-notice.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { PlanRequestStatus } from '../components/plan-request-status.tsx';
import { UsageSummary } from '../components/usage-summary.tsx';
import { formatDate } from '../format.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { Button } from '#web/components/ui/button.tsx';

const isPeriod = (v: string | null): v is BillingPeriod => v === 'monthly' || v === 'yearly';

export function Component() {
  usePageTitle('Pricing & Billing');
  const [search, setSearch] = useSearchParams();
  const checkoutParam = search.get('checkout');
  const outcome =
    checkoutParam === 'success' || checkoutParam === 'cancelled' ? checkoutParam : undefined;
  // Back from a paid checkout: ask again until the webhook has changed the plan, a minute at most.
  const [polling, setPolling] = useState(outcome === 'success');
  const upgrade = useUpgradeStatus({ refetchInterval: polling ? CONFIRM_POLL_MS : false });
  const confirmed = Boolean(
    upgrade.data?.subscription && PAYING_STATUSES.has(upgrade.data.subscription.status),
  );
  const stillPolling = polling && !confirmed;
  const billing = useBilling({ refetchInterval: stillPolling ? CONFIRM_POLL_MS : false });
  const stopPolling = useCallback(() => setPolling(false), []);
  // Once the webhook's news shows, the usage figures are read again for the new plan's limits.
  const refetchBilling = billing.refetch;
  useEffect(() => {
    if (confirmed && outcome === 'success') void refetchBilling();
  }, [confirmed, outcome, refetchBilling]);

  const chosenPlan = PLANS.find((p) => p.id === search.get('plan'));
  const periodParam = search.get('period');
  const [period, setPeriod] = useState<BillingPeriod>(
    isPeriod(periodParam) ? periodParam : 'monthly',
  );
  const dismissChoice = () => setSearch({}, { replace: true, preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Pricing &amp; Billing</h1>
      <p className="mt-2 text-slate-600">
        Your plan, this period&apos;s usage and the plans on offer.
      </p>
      {outcome && (
        <div className="mt-6">
          <CheckoutNotice
            outcome={outcome}
            status={upgrade.data}
            plan={upgrade.data?.plan}
            onTimeout={stopPolling}
          />
        </div>
      )}

      {billing.isPending || upgrade.isPending ? (
        <PageLoading />
      ) : billing.isError || upgrade.isError ? (
        <div className="mt-8 max-w-xl space-y-3">
          <Alert>{(billing.error ?? upgrade.error)?.message}</Alert>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              void billing.refetch();
              void upgrade.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          <YourPlan billing={billing.data} upgrade={upgrade.data} />
          {upgrade.data.request && <PlanRequestStatus request={upgrade.data.request} />}
          <Plans
            billing={billing.data}
            upgrade={upgrade.data}
            period={period}
            onPeriod={setPeriod}
            chosen={chosenPlan}
            onDismissChoice={dismissChoice}
          />
        </>
      )}
    </div>
  );
}

function YourPlan({ billing, upgrade }: { billing: Billing; upgrade: UpgradeStatus }) {
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
          {upgrade.subscription && (
            <>
              <dt className="mt-3 font-medium text-slate-800">Subscription</dt>
              <dd className="text-slate-600">{subscriptionText(upgrade.subscription.status)}</dd>
            </>
          )}
        </dl>
        {upgrade.mode === 'checkout' && upgrade.subscription && <ManageSubscription />}
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

function subscriptionText(status: string): string {
  const words: Record<string, string> = {
    active: 'Active, billed through Stripe',
    trialing: 'On trial',
    past_due: 'Payment overdue: Stripe is trying again',
    canceled: 'Cancelled',
    unpaid: 'Unpaid',
    incomplete: 'Waiting for the payment',
    incomplete_expired: 'Payment not completed',
    paused: 'Paused',
  };
  return words[status] ?? status;
}

function ManageSubscription() {
  const portal = usePortal();
  return (
    <div className="mt-4 space-y-2">
      <Button
        variant="secondary"
        keepFocus
        pending={portal.isPending}
        onClick={() => portal.mutate()}
      >
        Manage subscription
      </Button>
      <p className="text-xs text-slate-600">Change plan, payment method or cancel, on Stripe.</p>
      {portal.isError && <Alert>{portal.error.message}</Alert>}
    </div>
  );
}

function Plans({
  billing,
  upgrade,
  period,
  onPeriod,
  chosen,
  onDismissChoice,
}: {
  billing: Billing;
  upgrade: UpgradeStatus;
  period: BillingPeriod;
  onPeriod: (period: BillingPeriod) => void;
  chosen: Plan | undefined;
  onDismissChoice: () => void;
}) {
  const checkout = useCheckout();
  const request = useRequestPlan();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const subscribed = Boolean(
    upgrade.subscription && PAYING_STATUSES.has(upgrade.subscription.status),
  );
  const pending = upgrade.request?.status === 'pending' ? upgrade.request : null;
  const busy = checkout.isPending || request.isPending || checkout.isSuccess;
  const error = checkout.error ?? request.error;

  function choose(choice: PlanChoice) {
    if (busy) return;
    setPendingPlan(choice.plan);
    if (upgrade.mode === 'checkout') checkout.mutate(choice);
    else request.mutate(choice, { onSuccess: onDismissChoice });
  }

  /** The button under a plan (none where there is nothing to do). */
  function action(plan: Plan, label?: string) {
    if (plan.id === 'enterprise' || plan.id === billing.plan) return null;
    if (upgrade.mode === 'checkout') {
      // Free, or another plan while subscribed, is reached through the portal.
      if (plan.id === 'free' || subscribed) return null;
    }
    const requested =
      pending?.plan === plan.id && (plan.id === 'free' || pending.period === period);
    if (requested) {
      return (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-center text-sm font-medium text-amber-950">
          Requested
        </p>
      );
    }
    const verb = upgrade.mode === 'checkout' ? 'Choose' : 'Request';
    const waiting = busy && pendingPlan === plan.id;
    return (
      <button
        type="button"
        className={`${plan.popular ? primaryButton : secondaryButton} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
        aria-disabled={busy}
        onClick={() => choose({ plan: plan.id, period })}
      >
        {waiting && <Spinner />}
        {label ?? `${verb} ${plan.name}`}
      </button>
    );
  }

  const chosenAction = chosen ? action(chosen, undefined) : null;
  return (
    <section aria-labelledby="plans-heading" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="plans-heading" className="text-xl font-semibold text-slate-900">
          Plans
        </h2>
        {/* Room for the toggle's "Save 17%" badge: below it on phones, beside it on wider screens. */}
        <div className="pb-9 sm:pr-32 sm:pb-0">
          <BillingToggle value={period} onChange={onPeriod} />
        </div>
      </div>
      <p className="mt-3 flex gap-2 text-sm text-slate-600">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-700" />
        <span>
          {upgrade.mode === 'request'
            ? 'Plan changes are approved by an administrator: request a plan and you will get an e-mail when it is decided. Asking again replaces a pending request.'
            : subscribed
              ? 'You have a subscription: change or cancel it under Manage subscription.'
              : 'Paid plans are billed through Stripe; you can change or cancel at any time.'}{' '}
          The billing period you pick here applies to the plan you choose.
        </span>
      </p>
      {chosen && chosen.id !== 'enterprise' && (
        <div
          role="region"
          aria-label="Your choice"
          className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950"
        >
          <p>
            {chosen.id === billing.plan
              ? `You are on the ${chosen.name} plan already.`
              : `You chose ${chosen.name}${chosen.id === 'free' ? '' : `, billed ${period}`}.`}
          </p>
          <div className="flex flex-wrap gap-2">
            {chosenAction}
            <button type="button" className={secondaryButton} onClick={onDismissChoice}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {error && (
        <div className="mt-4">
          <Alert>{error.message}</Alert>
        </div>
      )}
      <div className="mt-5">
        <PlanList current={billing.plan} action={(plan) => action(plan)} />
      </div>
    </section>
  );
}

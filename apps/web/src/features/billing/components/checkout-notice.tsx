import { planById, type PlanId } from '@spoke/shared';
import { useEffect, useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { UpgradeStatus } from '@spoke/shared';
import { PAYING_STATUSES } from '../api/upgrade.ts';

/** How long the page asks again for the webhook's news after a checkout, and how often. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_WAIT_MS = 60_000;

/**
 * Back from Stripe Checkout. Success is claimed only once the signed webhook changed the plan
 * (the subscription shows as paying); until then the page says it is confirming, and asks
 * again every few seconds for a minute.
 */
export function CheckoutNotice({
  outcome,
  status,
  plan,
  onTimeout,
}: {
  outcome: 'success' | 'cancelled';
  status: UpgradeStatus | undefined;
  /** The plan, read together with the subscription. */
  plan: PlanId | undefined;
  onTimeout: () => void;
}) {
  const confirmed = Boolean(
    status?.subscription && PAYING_STATUSES.has(status.subscription.status),
  );
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (outcome !== 'success' || confirmed) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
      onTimeout();
    }, CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [outcome, confirmed, onTimeout]);

  if (outcome === 'cancelled') {
    return (
      <Alert tone="info" role="status">
        Checkout cancelled: nothing was charged and your plan is unchanged.
      </Alert>
    );
  }
  if (confirmed && plan) {
    return (
      <Alert tone="info" role="status">
        Payment confirmed: you are on the {planById(plan).name} plan now.
      </Alert>
    );
  }
  if (timedOut) {
    return (
      <Alert tone="info" role="status">
        Stripe has not confirmed your payment yet. Your plan changes as soon as it does: reload this
        page in a little while.
      </Alert>
    );
  }
  return (
    <Alert tone="info" role="status">
      <span className="flex items-center gap-2">
        <Spinner />
        Confirming your payment…
      </span>
    </Alert>
  );
}

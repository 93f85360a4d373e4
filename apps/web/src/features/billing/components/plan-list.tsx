import { PLANS, type Plan, type PlanId } from '@spoke/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '#web/components/button-styles.ts';
import { formatCount } from '../format.ts';

function priceText(plan: Plan): string {
  if (plan.price === null) return 'Custom';
  return plan.price.monthly === 0 ? '$0' : `$${plan.price.monthly}`;
}

function allowances(plan: Plan): string[] {
  const { monthlyMessages, dailyMessages, integrationCredits } = plan.credits;
  const lines = [
    monthlyMessages === null
      ? 'Unlimited messages'
      : `${formatCount(monthlyMessages)} messages / month`,
  ];
  if (dailyMessages !== undefined) lines.push(`${formatCount(dailyMessages)} messages / day`);
  if (integrationCredits !== null) {
    lines.push(`${formatCount(integrationCredits)} integration credits`);
  }
  return lines;
}

/** Every plan, compact, with the user's own plan marked and `action` under each other plan. */
export function PlanList({
  current,
  action,
}: {
  current: PlanId;
  action?: (plan: Plan) => ReactNode;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {PLANS.map((plan) => {
        const isCurrent = plan.id === current;
        return (
          <li
            key={plan.id}
            aria-current={isCurrent ? 'true' : undefined}
            className={`flex flex-col rounded-xl border bg-white p-5 ${
              isCurrent ? 'border-blue-600 ring-2 ring-blue-600/20' : 'border-slate-200'
            }`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
              {isCurrent ? (
                <span className="rounded-full bg-blue-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                  Current plan
                </span>
              ) : (
                plan.popular && (
                  <span className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800">
                    Most Popular
                  </span>
                )
              )}
            </div>
            <p className="mt-2 text-2xl font-bold text-slate-900">
              {priceText(plan)}
              {plan.price !== null && (
                <span className="text-sm font-medium text-slate-600"> / month</span>
              )}
            </p>
            <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
            <ul className="mt-3 mb-4 space-y-1.5 text-sm text-slate-700">
              {allowances(plan).map((line) => (
                <li key={line} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-600" />
                  {line}
                </li>
              ))}
            </ul>
            {plan.id === 'enterprise' ? (
              <Link to="/contact?topic=sales" className={`${secondaryButton} mt-auto`}>
                Contact Sales
              </Link>
            ) : (
              !isCurrent && action && <div className="mt-auto flex flex-col">{action(plan)}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

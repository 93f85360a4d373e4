import type { Plan } from '@spoke/shared';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import type { BillingPeriod } from '@spoke/shared';
import { formatCount, priceDisplay } from '../billing-period.ts';

function allowances(credits: Plan['credits']): string[] {
  const lines: string[] = [];
  if (credits.monthlyMessages !== null) {
    lines.push(`${formatCount(credits.monthlyMessages)} messages / month`);
  }
  if (credits.dailyMessages !== undefined) {
    lines.push(`${formatCount(credits.dailyMessages)} messages / day`);
  }
  if (credits.integrationCredits !== null) {
    lines.push(`${formatCount(credits.integrationCredits)} integration credits`);
  }
  return lines;
}

export function PlanCard({
  plan,
  period,
  ctaTo,
}: {
  plan: Plan & { price: NonNullable<Plan['price']> };
  period: BillingPeriod;
  ctaTo: string;
}) {
  const { perMonth, note } = priceDisplay(plan.price, period);
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl bg-white p-6 xl:p-5 ${
        plan.popular ? 'border-2 border-blue-600 shadow-lg' : 'border border-slate-200'
      }`}
    >
      {plan.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          Most Popular
        </p>
      )}
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-1 min-h-10 text-sm text-slate-600 xl:min-h-15">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{perMonth}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="plan-billing-note">
        {note}
      </p>
      <Link
        to={ctaTo}
        className={`${plan.popular ? primaryButton : secondaryButton} mt-6 w-full`}
        aria-describedby={titleId}
      >
        {plan.cta}
      </Link>
      <ul className="mt-6 space-y-2 border-t border-slate-200 pt-6 text-sm text-slate-800">
        {allowances(plan.credits).map((line) => (
          <li key={line} className="font-medium">
            {line}
          </li>
        ))}
      </ul>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-600" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}

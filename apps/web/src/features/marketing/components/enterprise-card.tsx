import type { Plan } from '@spoke/shared';
import { Building2, Check } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '#web/components/button-styles.ts';

export function EnterpriseCard({ plan }: { plan: Plan }) {
  return (
    <article
      aria-labelledby="plan-enterprise"
      className="mt-8 flex flex-col gap-6 rounded-2xl border border-slate-200 bg-slate-900 p-6 text-white sm:p-8 lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="max-w-xl">
        <div className="flex items-center gap-3">
          <Building2 aria-hidden="true" className="size-6 text-blue-300" />
          <h2 id="plan-enterprise" className="text-xl font-semibold">
            {plan.name}
          </h2>
        </div>
        <p className="mt-2 text-slate-300">{plan.description}</p>
        <p className="mt-4 text-3xl font-bold" data-testid="plan-price">
          Custom pricing
        </p>
      </div>
      <ul className="space-y-2 text-sm text-slate-100">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-300" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/contact?topic=sales"
        className={`${primaryButton} shrink-0 focus-visible:outline-white`}
      >
        {plan.cta}
      </Link>
    </article>
  );
}

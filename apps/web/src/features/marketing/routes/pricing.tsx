import { PLANS, type Plan } from '@spoke/shared';
import { useState } from 'react';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import type { BillingPeriod } from '@spoke/shared';
import { BillingToggle } from '#web/components/billing-toggle.tsx';
import { EnterpriseCard } from '../components/enterprise-card.tsx';
import { FaqAccordion } from '../components/faq-accordion.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { PRICING_FAQ } from '../pricing-faq.ts';
import { CONTENT_WIDTH, READING_WIDTH } from '#web/components/layout/content-width.ts';

type PricedPlan = Plan & { price: NonNullable<Plan['price']> };
const listed = PLANS.filter((plan): plan is PricedPlan => plan.price !== null);
const enterprise = PLANS.find((plan) => plan.price === null);

export function Component() {
  usePageTitle('Pricing');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { isLoggedIn } = useAuth();
  // A signed-in user already has an account: the plan choice continues on the billing page,
  // which checks out (Stripe) or requests the chosen plan and period.
  const ctaTo = (plan: Plan) =>
    !isLoggedIn
      ? '/register'
      : plan.id === 'free'
        ? '/app/billing'
        : `/app/billing?plan=${plan.id}&period=${period}`;

  return (
    <div className={`${CONTENT_WIDTH} py-14 sm:py-16`}>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Pricing
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          Start free. Move up when your agents need more messages or integration credits.
        </p>
      </header>
      <div className="mt-10">
        <BillingToggle value={period} onChange={setPeriod} />
      </div>
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:gap-4">
        {listed.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} ctaTo={ctaTo(plan)} />
        ))}
      </div>
      {enterprise && <EnterpriseCard plan={enterprise} />}
      <section aria-labelledby="faq-title" className={`mx-auto mt-20 ${READING_WIDTH}`}>
        <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <FaqAccordion items={PRICING_FAQ} />
        </div>
      </section>
    </div>
  );
}

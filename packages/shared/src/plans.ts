/** Plan constants (spec section 9): one source for the pricing page, billing and server limits. */
export const PLAN_IDS = ['free', 'starter', 'builder', 'pro', 'elite', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  /** USD; null where the price is custom. */
  price: { monthly: number; yearly: number } | null;
  description: string;
  credits: {
    /** null: unlimited. */
    monthlyMessages: number | null;
    dailyMessages?: number;
    /** null: not set (custom). */
    integrationCredits: number | null;
  };
  features: string[];
  popular: boolean;
  cta: string;
};

export const YEARLY_SAVING_PERCENT = 17;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: { monthly: 0, yearly: 0 },
    description: 'Try Spoke and build your first agents.',
    credits: { monthlyMessages: 25, dailyMessages: 7, integrationCredits: 500 },
    features: ['All integrations', 'Authentication', 'Analytics dashboard', 'Database'],
    popular: false,
    cta: 'Get Started Free',
  },
  {
    id: 'starter',
    name: 'Starter',
    price: { monthly: 20, yearly: 200 },
    description: 'For individuals automating their own work.',
    credits: { monthlyMessages: 100, integrationCredits: 2000 },
    features: ['Everything in Free', 'Unlimited apps', 'In-app code edits'],
    popular: false,
    cta: 'Choose Starter',
  },
  {
    id: 'builder',
    name: 'Builder',
    price: { monthly: 50, yearly: 500 },
    description: 'For builders shipping agents every week.',
    credits: { monthlyMessages: 250, integrationCredits: 10000 },
    features: ['Everything in Starter', 'Custom domains', 'GitHub integration'],
    popular: true,
    cta: 'Choose Builder',
  },
  {
    id: 'pro',
    name: 'Pro',
    price: { monthly: 100, yearly: 1000 },
    description: 'For teams that run their work on agents.',
    credits: { monthlyMessages: 500, integrationCredits: 20000 },
    features: ['Everything in Builder', 'Premium support', 'Beta access'],
    popular: false,
    cta: 'Choose Pro',
  },
  {
    id: 'elite',
    name: 'Elite',
    price: { monthly: 200, yearly: 2000 },
    description: 'For heavy automation at scale.',
    credits: { monthlyMessages: 1200, integrationCredits: 50000 },
    features: ['Everything in Builder', 'Premium support', 'Beta access'],
    popular: false,
    cta: 'Choose Elite',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: null,
    description: 'For organisations with custom needs, security reviews and scale.',
    credits: { monthlyMessages: null, integrationCredits: null },
    features: ['Unlimited messages', 'Dedicated architect', 'Premium support'],
    popular: false,
    cta: 'Contact Sales',
  },
];

/** The plan with this id (Free for an unknown id). */
export function planById(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? (PLANS[0] as Plan);
}

/** The yearly price shown per month: yearly / 12, rounded. */
export function perMonthOfYearly(yearly: number): number {
  return Math.round(yearly / 12);
}

/** What a user on a plan hits when its limits are reached (FAQ and billing). */
export const FREE_LIMIT_RULE =
  'When a Free plan limit is hit, your agents are paused until the next billing cycle.';

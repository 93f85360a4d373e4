import { FREE_LIMIT_RULE, planById, YEARLY_SAVING_PERCENT } from '@spoke/shared';
import { formatCount, formatUsd } from './billing-period.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

const free = planById('free').credits;
const builder = planById('builder').price ?? { monthly: 0, yearly: 0 };

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'What happens when I hit the Free plan limits?',
    answer: `${FREE_LIMIT_RULE} The Free plan includes ${formatCount(free.monthlyMessages ?? 0)} messages a month, at most ${formatCount(free.dailyMessages ?? 0)} a day, and ${formatCount(free.integrationCredits ?? 0)} integration credits; any paid plan raises those limits.`,
  },
  {
    question: 'What counts as a message?',
    answer:
      'One message is one agent run: each time one of your agents runs, from its trigger to its last step, it uses one message.',
  },
  {
    question: 'What are integration credits?',
    answer:
      'Each tool call an agent makes through an integration, such as posting to Slack or reading a GitHub issue, uses one integration credit.',
  },
  {
    question: 'Can I change my plan later?',
    answer:
      'Yes. Write to us through the contact form (topic Sales) and we move your account to a larger or smaller plan; the new limits apply from your next request. Pricing & Billing in your account always shows your current plan and usage.',
  },
  {
    question: 'How does yearly billing work?',
    answer: `You pay once a year and save ${YEARLY_SAVING_PERCENT}% compared with paying monthly: Builder, for example, costs ${formatUsd(builder.yearly)} a year instead of ${formatUsd(builder.monthly * 12)}. The monthly figure shown for yearly billing is the yearly price divided by 12, rounded.`,
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Tell us through the contact form and your account moves to the Free plan at the end of the current billing period; your agents and data stay, within the Free limits.',
  },
];

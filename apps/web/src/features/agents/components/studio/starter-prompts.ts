import type { AgentCategory } from '@spoke/shared';

export interface Capability {
  category: Exclude<AgentCategory, 'Other'>;
  text: string;
  /** A starter prompt for the category, written the way people describe such agents. */
  prompt: string;
}

/** The studio's capability cards: each fills the prompt with a starter for its category. */
export const CAPABILITIES: readonly Capability[] = [
  {
    category: 'DevOps Automation',
    text: 'Watch deploys, triage alerts and open incidents without glue scripts.',
    prompt:
      'When a new Sentry issue is created, look up the latest Vercel deployment and post a short incident summary to the #incidents channel in Slack',
  },
  {
    category: 'Customer Support',
    text: 'Summarise tickets, draft replies and route urgent issues to the right people.',
    prompt:
      'When a new ticket arrives in Zendesk, draft a reply from our help center articles and post urgent tickets to the #support channel in Slack',
  },
  {
    category: 'Sales & CRM',
    text: 'Enrich new leads, keep your CRM up to date and remind reps to follow up.',
    prompt:
      'Every weekday at 8am, list the HubSpot deals with no activity for a week and email each owner a reminder to follow up',
  },
  {
    category: 'Content Creation',
    text: 'Turn new articles into social posts and newsletters, on schedule.',
    prompt:
      'Every Friday at 3pm, turn the articles from our blog RSS feed published this week into a newsletter draft in Notion',
  },
  {
    category: 'Code Review',
    text: 'Flag risky pull requests and post review notes where your team works.',
    prompt:
      'When a pull request is opened on GitHub, review the diff for risky changes and missing tests and post the review notes to #code-review in Slack',
  },
  {
    category: 'Analytics & Reporting',
    text: 'Pull figures from your tools and send the weekly report for you.',
    prompt:
      "Every Monday at 9am, pull last week's Google Analytics traffic and Stripe revenue and email a short report to team@company.com",
  },
];

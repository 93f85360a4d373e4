import { cron, item, on, type CorpusCase } from './types.ts';

/**
 * The landing page's typed prompts, word for word (apps/web/src/features/marketing/demo-samples.ts):
 * what the site promises must compile.
 */
export const LANDING_PROMPTS: readonly string[] = [
  'Every weekday at 9am, summarise new Zendesk tickets and post the summary to our #support channel in Slack',
  'When a GitHub issue is labelled bug, create a Linear ticket and notify the on-call engineer by e-mail',
  "Every Monday, pull last week's Stripe revenue and email a report to finance@company.com",
  'Watch our RSS feed and post each new article to LinkedIn and X',
];

const [support, bug, revenue, rss] = LANDING_PROMPTS as [string, string, string, string];

export const LANDING_CASES: readonly CorpusCase[] = [
  item(support, ['zendesk', 'slack'], cron('0 9 * * 1-5'), 'Customer Support'),
  item(bug, ['github', 'linear', 'email'], on('github', 'issues.labeled'), 'DevOps Automation'),
  item(revenue, ['stripe', 'email'], cron('0 9 * * 1'), 'Analytics & Reporting'),
  item(rss, ['rss', 'linkedin', 'x'], cron('0 * * * *'), 'Content Creation'),
];

/** One starter prompt per capability card of the studio, in the cards' order. */
export const STARTER_PROMPTS = {
  'DevOps Automation':
    'When a deployment fails on Vercel, find the commit that caused it on GitHub and post a summary to #deploys in Slack',
  'Customer Support':
    'When a new Zendesk ticket arrives, tag it by topic and urgency and suggest a first reply for the support team',
  'Sales & CRM':
    'When a new lead is created in HubSpot, research the company on the web and add a short summary to the contact as a note',
  'Content Creation':
    'Every Tuesday at 10am, turn the latest article from our blog RSS feed into a LinkedIn post',
  'Code Review':
    'When a pull request is opened on GitHub, review the changes for bugs and missing tests and comment with suggestions',
  'Analytics & Reporting':
    "Every Monday at 9am, e-mail me last week's Google Analytics traffic: visitors, top pages and where they came from",
} as const;

export const STARTER_CASES: readonly CorpusCase[] = [
  item(
    STARTER_PROMPTS['DevOps Automation'],
    ['vercel', 'github', 'slack'],
    on('vercel', 'deployment.error'),
    'DevOps Automation',
  ),
  item(
    STARTER_PROMPTS['Customer Support'],
    ['zendesk'],
    on('zendesk', 'ticket.created'),
    'Customer Support',
  ),
  item(
    STARTER_PROMPTS['Sales & CRM'],
    ['hubspot', 'brave-search'],
    on('hubspot', 'contact.created'),
    'Sales & CRM',
  ),
  item(
    STARTER_PROMPTS['Content Creation'],
    ['rss', 'linkedin'],
    cron('0 10 * * 2'),
    'Content Creation',
  ),
  item(
    STARTER_PROMPTS['Code Review'],
    ['github'],
    on('github', 'pull_request.opened'),
    'Code Review',
  ),
  item(
    STARTER_PROMPTS['Analytics & Reporting'],
    ['google-analytics', 'email'],
    cron('0 9 * * 1'),
    'Analytics & Reporting',
  ),
];

import { cron, item, MANUAL, on, WEBHOOK, type CorpusCase } from './types.ts';

/**
 * Descriptions written after the compiler's rules were settled and first measured as they are:
 * wording the rules were not shaped on.
 */
export const FRESH_CASES: readonly CorpusCase[] = [
  item(
    'Every Thursday at 15:00 collect the Jira tickets closed this sprint and post a release summary in #product on Slack',
    ['jira', 'slack'],
    cron('0 15 * * 4'),
    'Analytics & Reporting',
  ),
  item(
    'When a new Intercom conversation mentions "cancel", notify the account manager on Slack',
    ['intercom', 'slack'],
    on('intercom', 'conversation.created'),
    'Customer Support',
  ),
  item(
    'Whenever a Sentry error is reported for the checkout service, open a Jira bug with the stack trace',
    ['sentry', 'jira'],
    on('sentry', 'issue.created'),
    'DevOps Automation',
  ),
  item(
    'each weekday at 7am send me a summary of unread Gmail emails from clients',
    ['gmail', 'email'],
    cron('0 7 * * 1-5'),
    'Other',
  ),
  item(
    'Review the open pull requests in our GitLab project every afternoon and flag the ones without tests',
    ['gitlab'],
    cron('0 14 * * *'),
    'Code Review',
  ),
  item(
    'When a deal is created in HubSpot, create a matching card on our Trello sales board',
    ['hubspot', 'trello'],
    on('hubspot', 'deal.created'),
    'Sales & CRM',
  ),
  item(
    'Post a weekly summary of our Google Analytics top pages to the marketing Teams channel on Fridays at 16:30',
    ['google-analytics', 'microsoft-teams'],
    cron('30 16 * * 5'),
    'Analytics & Reporting',
  ),
  item(
    'Once a day at 10, look through Hacker News (https://news.ycombinator.com) for posts about Postgres and tweet the best one',
    ['web-page', 'x'],
    cron('0 10 * * *'),
    'Content Creation',
  ),
  item(
    'When our Stripe checkout completes, send the customer a welcome email with the onboarding guide',
    ['stripe', 'email'],
    on('stripe', 'checkout.session.completed'),
    'Sales & CRM',
  ),
  item(
    'Every 10 minutes check the Kubernetes cluster for pods in CrashLoopBackOff and alert #sre',
    ['kubernetes', 'slack'],
    cron('*/10 * * * *'),
    'DevOps Automation',
  ),
  item(
    'Summarise each new Linear issue in one line and add it to our Notion changelog page',
    ['linear', 'notion'],
    on('linear', 'issue.created'),
    'Other',
  ),
  item(
    "Every morning at 8:00 Europe/Paris, email the team the list of today's Google Calendar meetings",
    ['google-calendar', 'email'],
    cron('0 8 * * *'),
    'Other',
  ),
  item(
    'When a Shopify order is paid, add it to the "Orders" table in Airtable',
    ['shopify', 'airtable'],
    on('shopify', 'orders.paid'),
    'Sales & CRM',
  ),
  item(
    'Draft three LinkedIn post ideas about our new feature and email them to me for review',
    ['linkedin', 'email'],
    MANUAL,
    'Content Creation',
  ),
  item(
    'Check our website uptime every 5 min via HTTP and page the on-call in PagerDuty when it is down',
    ['http-request', 'pagerduty'],
    cron('*/5 * * * *'),
    'DevOps Automation',
  ),
  item(
    'When a GitLab merge request is merged, post the title and author to #releases on Slack',
    ['gitlab', 'slack'],
    on('gitlab', 'merge_request.merged'),
    'DevOps Automation',
  ),
  item(
    "On the 1st of every month at 9:30, export last month's Stripe invoices to a CSV in Google Drive for the accountant",
    ['stripe', 'transform', 'google-drive'],
    cron('30 9 1 * *'),
    'Analytics & Reporting',
  ),
  item(
    'Respond to incoming webhooks from our form tool by creating a Zendesk ticket for every bug report',
    ['zendesk'],
    WEBHOOK,
    'Customer Support',
  ),
  item(
    "Daily at 18:00 pull today's PostHog signups and compare them with yesterday in a message to #growth",
    ['posthog', 'slack'],
    cron('0 18 * * *'),
    'Analytics & Reporting',
  ),
  item(
    'Look up the weather in Lisbon with the Open-Meteo API and tell me if I need an umbrella',
    ['open-meteo'],
    MANUAL,
    'Other',
  ),
  item(
    'When someone comments on a GitHub issue asking for an update, reply with the latest status from the linked Linear issue',
    ['github', 'linear'],
    on('github', 'issue_comment.created'),
    'DevOps Automation',
  ),
  item(
    'Every Monday 9:00 send the sales team the list of HubSpot deals closing this month',
    ['hubspot', 'email'],
    cron('0 9 * * 1'),
    'Sales & CRM',
  ),
  item(
    'Translate our latest WordPress blog post into Spanish and save the draft in Google Docs',
    ['wordpress', 'google-docs'],
    MANUAL,
    'Content Creation',
  ),
  item(
    'When a Datadog monitor triggers, create an incident in PagerDuty and post the graph link in #incidents',
    ['datadog', 'pagerduty', 'slack'],
    on('datadog', 'monitor.alert'),
    'DevOps Automation',
  ),
  item(
    'Every hour check the RSS feed of the EU press room and save new press releases to Notion',
    ['rss', 'notion'],
    cron('0 * * * *'),
    'Content Creation',
  ),
  item(
    'Clean up my Todoist: every Sunday evening move overdue tasks to next week',
    ['todoist'],
    cron('0 18 * * 0'),
    'Other',
  ),
  item(
    'When a new subscriber signs up in Stripe, send their details to our Zapier webhook',
    ['stripe', 'webhook'],
    on('stripe', 'customer.subscription.created'),
    'Sales & CRM',
  ),
  item(
    'Give me a weekly KPI report every Friday at 5 pm from the Metabase "Weekly KPIs" dashboard, by e-mail',
    ['metabase', 'email'],
    cron('0 17 * * 5'),
    'Analytics & Reporting',
  ),
  item(
    'Go through new Bitbucket pull requests twice a day and comment on any that change the database migrations',
    ['bitbucket'],
    cron('0 9,17 * * *'),
    'Code Review',
  ),
  item(
    'When a Typeform-style survey result is posted to this agent, store it in our MongoDB feedback collection',
    ['mongodb'],
    WEBHOOK,
    'Other',
  ),
];

import { AGENT_CATEGORIES, type AgentCategory } from '@spoke/shared';

// The category is the capability card the agent belongs under. Words of the description and the
// integrations it uses vote; the strongest vote wins, and a description nothing votes for much is
// `Other` (reminders, personal errands, conversions).

type Vote = { category: AgentCategory; weight: number; pattern: RegExp };

const vote = (category: AgentCategory, weight: number, words: string): Vote => ({
  category,
  weight,
  pattern: new RegExp(String.raw`\b(?:${words})\b`, 'gi'),
});

const WORDS: readonly Vote[] = [
  vote(
    'DevOps Automation',
    3,
    'deploy(?:s|ed|ment|ments)?|on-?call|incidents?|outages?|downtime|uptime|rollbacks?|crash(?:es|-looping)?|crash loop|restart(?:s|ing)?|pods?|containers?|clusters?|staging|production|infra(?:structure)?|dns|flaky tests?|ci|pipelines? fails?|build (?:fails|failures?|logs?|times?)|stack traces?|health|status endpoints?|errors? rate',
  ),
  vote('DevOps Automation', 3, 'bugs?'),
  vote(
    'DevOps Automation',
    2,
    'alerts?|monitor(?:ing)?|errors?|exceptions?|logs?|triage|releases?|servers?|images?|replicas|endpoints?|rerun|ops|oncall|fail(?:s|ed|ing|ures?)?|back ?ups?',
  ),
  vote('DevOps Automation', 1, 'issues?'),
  vote(
    'Customer Support',
    3,
    'support|emails? from (?:our |a )?(?:\\w+ )?customers?|customers? (?:questions?|replies|feedback|complaints?)|help ?desk|help center|faq|sla|csat|satisfaction|unanswered|first reply|reply to customers?|escalations?',
  ),
  vote(
    'Customer Support',
    2,
    'tickets?|conversations?|chats?|customers?|refunds?|disputes?|sentiment|angry|tracking link|opening hours',
  ),
  vote('Sales & CRM', 4, 'leads?|deals?|prospects?|opportunit(?:y|ies)|crm'),
  vote(
    'Sales & CRM',
    3,
    'sales|closed won|enrich\\w*|account managers?|lifecycle stage|outreach|sales reps?|intro email',
  ),
  vote(
    'Sales & CRM',
    2,
    'contacts?|signups?|signs up|churns?|discount codes?|review request|onboarding|newsletter list|welcome e-?mails?|subscribers?|checkouts?',
  ),
  vote(
    'Content Creation',
    3,
    'blog|articles?|press releases?|newsletter|tweets?|threads? on x|linkedin posts?|social posts?|content|show notes|alt text|poem|haiku|copy ?writing|announcement|episodes?|podcast|publish(?:es|ed|ing)?|drafts?',
  ),
  vote('Content Creation', 2, 'write|writes|posts? about|stories|news|translate|outline|marketing'),
  vote(
    'Code Review',
    4,
    'code review|review (?:the )?(?:diff|code|changes|pull requests?|merge requests?|commits?)|style guide|reviewers?|missing tests?|hard-coded secrets',
  ),
  vote(
    'Code Review',
    3,
    'pull requests?|merge requests?|diffs?|commits?|review(?:s|ing)?|lines changed|code changes',
  ),
  vote('Analytics & Reporting', 5, 'reports?'),
  vote('Analytics & Reporting', 2, '(?:daily|weekly|monthly|quarterly|yearly) reports?'),
  vote(
    'Analytics & Reporting',
    4,
    'kpis?|metrics|analytics|dashboards?|stats|statistics|figures|burndown',
  ),
  vote(
    'Analytics & Reporting',
    3,
    'revenue|mrr|traffic|conversions?|funnel|retention|active users|active accounts|page views|sessions|clicks|impressions|average|totals?|count|sum|chart|overview|payouts|numbers|rage-click',
  ),
  vote(
    'Analytics & Reporting',
    2,
    'compute|calculate|export(?:s|ed)?|finance|sql|quer(?:y|ies)|charges|payments|invoices?|transactions',
  ),
  vote(
    'Other',
    4,
    'remind(?:er|ers)?|weather|plants?|restaurants?|coffee|lunch|timesheets?|standup|quotes?|offsite|venues?|expenses?|receipts?|bookkeeping|journal|agenda|my week|domain names?|reading list|visa|water the|time is it',
  ),
  vote(
    'Other',
    3,
    'downloads folder|organi[sz]e the files|convert|favourite|random tip|congratulat\\w*|thank-you|shuffle|pairs|form submissions|requests board|shipped|calendar',
  ),
];

/** How much each integration's use says about the category. */
const INTEGRATION_VOTES: Readonly<Record<string, readonly [AgentCategory, number]>> = {
  zendesk: ['Customer Support', 4],
  intercom: ['Customer Support', 4],
  sentry: ['DevOps Automation', 4],
  pagerduty: ['DevOps Automation', 4],
  datadog: ['DevOps Automation', 3],
  grafana: ['DevOps Automation', 3],
  cloudflare: ['DevOps Automation', 4],
  vercel: ['DevOps Automation', 4],
  netlify: ['DevOps Automation', 4],
  heroku: ['DevOps Automation', 4],
  circleci: ['DevOps Automation', 4],
  aws: ['DevOps Automation', 3],
  docker: ['DevOps Automation', 4],
  kubernetes: ['DevOps Automation', 4],
  launchdarkly: ['DevOps Automation', 4],
  hubspot: ['Sales & CRM', 4],
  salesforce: ['Sales & CRM', 4],
  shopify: ['Sales & CRM', 3],
  linkedin: ['Content Creation', 3],
  x: ['Content Creation', 3],
  wordpress: ['Content Creation', 4],
  rss: ['Content Creation', 2],
  figma: ['Content Creation', 2],
  resend: ['Content Creation', 1],
  github: ['Code Review', 2],
  gitlab: ['Code Review', 2],
  bitbucket: ['Code Review', 3],
  git: ['Code Review', 3],
  context7: ['Code Review', 3],
  'chrome-devtools': ['Code Review', 2],
  'google-analytics': ['Analytics & Reporting', 4],
  'google-search-console': ['Analytics & Reporting', 3],
  posthog: ['Analytics & Reporting', 4],
  metabase: ['Analytics & Reporting', 4],
  'microsoft-clarity': ['Analytics & Reporting', 4],
  bigquery: ['Analytics & Reporting', 3],
  elasticsearch: ['Analytics & Reporting', 1],
  stripe: ['Analytics & Reporting', 1],
  paypal: ['Analytics & Reporting', 1],
  square: ['Analytics & Reporting', 1],
  'google-calendar': ['Other', 3],
  todoist: ['Other', 3],
  'google-maps': ['Other', 4],
  clock: ['Other', 4],
  transform: ['Other', 1],
  filesystem: ['Other', 1],
  memory: ['Other', 1],
};

/** Below this, no category is convincing and the agent is filed under Other. */
const THRESHOLD = 4;

export function chooseCategory(
  description: string,
  integrations: readonly string[],
): AgentCategory {
  const scores = new Map<AgentCategory, number>(AGENT_CATEGORIES.map((c) => [c, 0]));
  // A quoted phrase of several words is a name ("Sales per hour" is a table), not what the agent
  // is about; a single quoted word usually is ("the "Bugs" list").
  const text = description.replace(/"[^"\s]+\s[^"]*"/g, ' ');
  for (const { category, weight, pattern } of WORDS) {
    const hits = text.match(pattern)?.length ?? 0;
    // A word repeated adds a little; the first mention carries the weight.
    if (hits) scores.set(category, scores.get(category)! + weight + (hits - 1));
  }
  for (const id of integrations) {
    const entry = INTEGRATION_VOTES[id];
    if (entry) scores.set(entry[0], scores.get(entry[0])! + entry[1]);
  }
  let best: AgentCategory = 'Other';
  let bestScore = 0;
  for (const [category, score] of scores) {
    if (score > bestScore) [best, bestScore] = [category, score];
  }
  return bestScore >= THRESHOLD ? best : 'Other';
}

import { PROMPT_SAMPLES } from './demo-samples.ts';

// What Spoke's compiler makes of each landing-page description (PROMPT_SAMPLES, same order), as the
// hero shows it. demo-agents.test.ts compiles the descriptions again and fails when these differ.

export interface DemoAgent {
  prompt: string;
  name: string;
  /** The trigger in words: when a schedule fires, or the event that starts a run. */
  trigger: string;
  /** Catalog ids: the brand logos the hero draws. */
  integrations: readonly string[];
  steps: readonly { text: string; integration: string }[];
}

export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    prompt: PROMPT_SAMPLES[0]!,
    name: 'Weekday Zendesk ticket digest to Slack',
    trigger: 'Every weekday at 9:00',
    integrations: ['zendesk', 'slack'],
    steps: [
      { text: 'Summarise new Zendesk tickets', integration: 'zendesk' },
      { text: 'Post the summary to our #support channel in Slack', integration: 'slack' },
    ],
  },
  {
    prompt: PROMPT_SAMPLES[1]!,
    name: 'GitHub issues to Linear',
    trigger: 'When a GitHub issue is labelled',
    integrations: ['github', 'linear', 'email'],
    steps: [
      {
        text: 'Read the GitHub event that started the run (issue labelled)',
        integration: 'github',
      },
      { text: 'Create a Linear ticket', integration: 'linear' },
      { text: 'Notify the on-call engineer by email', integration: 'email' },
    ],
  },
  {
    prompt: PROMPT_SAMPLES[2]!,
    name: 'Weekly Stripe revenue report by e-mail',
    trigger: 'Every Monday at 9:00',
    integrations: ['stripe', 'email'],
    steps: [
      { text: "Pull last week's Stripe revenue", integration: 'stripe' },
      { text: 'Email a report to finance@company.com', integration: 'email' },
    ],
  },
  {
    prompt: PROMPT_SAMPLES[3]!,
    name: 'RSS articles to LinkedIn and X',
    trigger: 'Every hour',
    integrations: ['rss', 'linkedin', 'x'],
    steps: [
      { text: 'Watch our RSS feed', integration: 'rss' },
      { text: 'Post each new article to LinkedIn and X', integration: 'linkedin' },
    ],
  },
];

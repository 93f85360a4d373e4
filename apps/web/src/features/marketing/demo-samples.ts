// The landing page types these out as examples of what Spoke does, so each one must be something
// the product really accepts: the prompts must compile to agents and the commands must run as
// written. Keeping them in one module lets the compiler and CLI tests check that they still do.

/** Agent descriptions for the typed prompt demo. */
export const PROMPT_SAMPLES: readonly string[] = [
  'Every weekday at 9am, summarise new Zendesk tickets and post the summary to our #support channel in Slack',
  'When a GitHub issue is labelled bug, create a Linear ticket and notify the on-call engineer by e-mail',
  "Every Monday, pull last week's Stripe revenue and email a report to finance@company.com",
  'Watch our RSS feed and post each new article to LinkedIn and X',
];

export interface CliSample {
  command: string;
  /** What the command prints; shown once the command is fully typed. */
  output: readonly string[];
}

/** `spoke` commands for the terminal demo, from the CLI reference. */
export const CLI_SAMPLES: readonly CliSample[] = [
  {
    command: 'spoke init my-workspace',
    output: [
      'Created spoke.json (workspace my-workspace, template basic)',
      'Next: find a server with spoke discover <query>',
    ],
  },
  {
    command: 'spoke discover github --limit 5',
    output: [
      'io.github.github/github-mcp-server 0.24.1 (official, trusted)',
      '5 results (--limit 5). More results are available; raise --limit (up to 100).',
    ],
  },
  {
    command: 'spoke install io.github.modelcontextprotocol/server-filesystem',
    output: [
      'Installing @modelcontextprotocol/server-filesystem ... done in 3.8 s',
      'Added filesystem to spoke.json and spoke.lock.json',
    ],
  },
  {
    command: 'spoke tools filesystem',
    output: [
      'filesystem (io.github.modelcontextprotocol/server-filesystem): 14 tools',
      '  read_text_file  Read the complete contents of a file as text.',
    ],
  },
  {
    command: 'spoke serve --http 8080',
    output: ['Serving 2 servers, 20 tools on http://127.0.0.1:8080/mcp', 'Press Ctrl+C to stop.'],
  },
  {
    command: 'spoke export --client claude-desktop',
    output: [
      'Wrote claude_desktop_config.json (backup: claude_desktop_config.json.bak)',
      '  add       filesystem',
    ],
  },
];

export const CLI_COMMANDS: readonly string[] = CLI_SAMPLES.map((sample) => sample.command);

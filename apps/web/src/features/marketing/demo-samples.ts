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
    output: ['✔ Created workspace my-workspace', '  Next: cd my-workspace && spoke discover'],
  },
  {
    command: 'spoke discover github --limit 5',
    output: ['Found 5 MCP servers matching "github"', '  io.github.github/github-mcp-server  …'],
  },
  {
    command: 'spoke install io.github.modelcontextprotocol/server-filesystem',
    output: ['✔ Installed server-filesystem into my-workspace'],
  },
  {
    command: 'spoke tools filesystem',
    output: ['read_file, write_file, list_directory, search_files', '  … 10 more tools'],
  },
  {
    command: 'spoke serve --http 8080',
    output: ['✔ Serving my-workspace at http://127.0.0.1:8080/mcp'],
  },
  {
    command: 'spoke export --client claude-desktop',
    output: ['✔ Wrote 2 servers to the Claude Desktop configuration'],
  },
];

export const CLI_COMMANDS: readonly string[] = CLI_SAMPLES.map((sample) => sample.command);

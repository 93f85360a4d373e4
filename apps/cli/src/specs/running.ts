import { jsonObject, localName, wholeNumber } from '../parse/values.ts';
import { arg, command } from './types.ts';

const DOCS = '/app/docs/commands/running-and-serving';
const server = arg({ name: 'server', required: true, description: 'Local name', check: localName });

export const tools = command({
  kind: 'command',
  path: ['tools'],
  synopsis: 'tools <server>',
  summary: "List a server's tools",
  usage: 'spoke tools <server>',
  description:
    "Starts the server, lists its tools and stops it. Prints each tool's name and the first\n" +
    'sentence of its description; --verbose adds full descriptions and input schemas, --json\n' +
    'prints the complete definitions.',
  args: [server],
  flags: [],
  examples: ['spoke tools github'],
  docs: `${DOCS}#spoke-tools`,
  run: (ctx, { args }) =>
    import('../commands/tools.ts').then((m) => m.tools({ ...ctx, server: args.server })),
});

export const call = command({
  kind: 'command',
  path: ['call'],
  synopsis: 'call <server> <tool>',
  summary: 'Call a tool',
  usage: 'spoke call <server> <tool> [--args <json>]',
  description:
    'Starts the server, calls the tool once, prints the result and stops the server. --json\n' +
    'prints the whole result object.',
  args: [
    server,
    {
      name: 'tool',
      required: true,
      description: 'Tool name as listed by spoke tools (without a <server>__ prefix)',
    },
  ],
  flags: [
    {
      name: 'args',
      value: 'json',
      defaultText: '{}',
      description: 'Tool arguments, a JSON object; quote it for your shell',
      check: jsonObject('--args'),
    },
  ],
  examples: [
    `spoke call filesystem get_file_info --args '{"path": "spoke.json"}'`,
    'spoke call filesystem list_allowed_directories',
  ],
  docs: `${DOCS}#spoke-call`,
  run: (ctx, { args, flags }) =>
    import('../commands/call.ts').then((m) =>
      m.call({
        ...ctx,
        server: args.server,
        tool: args.tool,
        args: flags.args,
      }),
    ),
});

export const run = command({
  kind: 'command',
  path: ['run'],
  synopsis: 'run <server>',
  summary: 'Run one server on stdio (what MCP clients launch)',
  usage: 'spoke run <server> [--no-sandbox]',
  description:
    'Runs one server in the foreground, speaking MCP on standard input and output, with its\n' +
    'secrets injected at launch, in the sandbox when the policy says so. Logs go to standard error.\n' +
    'A server missing a required value is not started; the error names each value and the\n' +
    'spoke config set command that gives it.',
  args: [server],
  flags: [
    {
      name: 'no-sandbox',
      description:
        'Run the server outside the sandbox (refused when the managed policy requires it)',
    },
  ],
  examples: ['spoke run filesystem --cwd /home/ada/demo'],
  docs: `${DOCS}#spoke-run`,
  run: (ctx, { args, flags }) =>
    import('../commands/run.ts').then((m) =>
      m.run({ ...ctx, server: args.server, noSandbox: flags['no-sandbox'] }),
    ),
});

export const serve = command({
  kind: 'command',
  path: ['serve'],
  synopsis: 'serve [<server>]',
  summary: 'Serve all servers as one MCP server',
  usage: 'spoke serve [<server>] [--http <port>]',
  description:
    'Runs one MCP server that aggregates every server in the workspace; tools are named\n' +
    '<server>__<tool>. Given one server, serves only it, under its own names. Over HTTP it\n' +
    'listens on 127.0.0.1 only and requires a bearer token.',
  args: [
    {
      name: 'server',
      required: false,
      description: 'Local name: serve only this server, its tools, prompts and resources unrenamed',
      check: localName,
    },
  ],
  flags: [
    {
      name: 'http',
      value: 'port',
      defaultText: 'off: standard input and output',
      description: 'Listen for MCP over streamable HTTP on 127.0.0.1:<port>, path /mcp',
      check: wholeNumber('--http', 1, 65535),
    },
  ],
  examples: ['spoke serve', 'spoke serve --http 7801', 'spoke serve filesystem --http 7802'],
  docs: `${DOCS}#spoke-serve`,
  run: (ctx, { args, flags }) =>
    import('../commands/serve.ts').then((m) =>
      m.serve({
        ...ctx,
        server: args.server,
        http: flags.http === undefined ? undefined : Number(flags.http),
      }),
    ),
});

export const health = command({
  kind: 'command',
  path: ['health'],
  synopsis: 'health',
  summary: 'Check servers and registries',
  usage: 'spoke health',
  description:
    'Starts every server once, compares its tools with the lockfile and checks it against the\n' +
    "policy; then runs each registry's health check. Exits 1 if anything is wrong.",
  args: [],
  flags: [],
  examples: ['spoke health', 'spoke health --json'],
  docs: `${DOCS}#spoke-health`,
  run: (ctx) => import('../commands/health.ts').then((m) => m.health(ctx)),
});

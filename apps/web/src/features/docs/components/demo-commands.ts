/** What the docs home types out: real `spoke` commands from the command reference. */
export const DEMO_COMMANDS = [
  'spoke init my-workspace',
  'spoke discover github --limit 5',
  'spoke install io.github.modelcontextprotocol/server-filesystem',
  'spoke tools filesystem',
  'spoke serve --http 8080',
  'spoke export --client claude-desktop',
] as const;

export const GITHUB_URL = 'https://github.com/spoke-dev/spoke';

/** The CLI's performance claims, as the spec states them. */
export const PERFORMANCE_STATS = [
  { value: '200 ms', label: 'Startup time', icon: 'zap' },
  { value: '5 s', label: 'Workspace creation', icon: 'folder' },
  { value: '30 s', label: 'Server install', icon: 'package' },
  { value: '50 MB', label: 'Memory use', icon: 'memory' },
] as const;

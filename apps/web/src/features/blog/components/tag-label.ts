// Tags are lower-case ids in the content; a few read better as their usual spelling.
const SPELLING: Record<string, string> = { mcp: 'MCP', cli: 'CLI' };

export function tagLabel(tag: string): string {
  return SPELLING[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);
}

export function tagHref(tag: string): string {
  return `/blog?${new URLSearchParams({ tag }).toString()}`;
}

const chipBase =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export const chipClass = {
  idle: `${chipBase} border border-slate-200 bg-white text-slate-700 hover:border-blue-300 hover:text-blue-800`,
  selected: `${chipBase} border border-blue-600 bg-blue-600 text-white`,
  small:
    'relative inline-flex rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
} as const;

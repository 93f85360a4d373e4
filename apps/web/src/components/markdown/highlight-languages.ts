import type * as HighlighterModule from './highlighter.ts';

/**
 * Labels whose code is worth loading the highlighter for; kept beside the lazy module so a page
 * of plain-text blocks never downloads it. Each resolves in highlighter.ts (names and aliases).
 */
export const HIGHLIGHTED_LANGUAGES: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'http',
  'js',
  'javascript',
  'jsx',
  'json',
  'ts',
  'typescript',
  'tsx',
  'yaml',
  'yml',
]);

let loading: Promise<typeof HighlighterModule> | undefined;

/** Loads the highlighter chunk once, on first need. */
export function loadHighlighter(): Promise<typeof HighlighterModule> {
  loading ??= import('./highlighter.ts').catch((error: unknown) => {
    // A failed download (offline, new release) may succeed on a later page.
    loading = undefined;
    throw error;
  });
  return loading;
}

import type { DocChapter, DocSection } from './docs-model.ts';

export const DOCS_BASE = '/app/docs';
export const DOCS_ALIAS = '/dev';
/** The tab the spec's `/docs/*` paths stand for. */
const DOCS_TAB_ALIAS = 'docs';
const OVERVIEW = 'overview';
// An earlier chapter list of the spec spells this id without the dash.
const RENAMED_TABS: Record<string, string> = { quickstart: 'quick-start' };

export type DocsView =
  | { kind: 'home' }
  | { kind: 'tab'; chapter: DocChapter }
  | { kind: 'section'; chapter: DocChapter; section: DocSection }
  | { kind: 'coming-soon'; tab: string }
  /** `to` is below the docs base: '' is the docs home. */
  | { kind: 'redirect'; to: string };

/**
 * What a path below the docs base shows. The rules, in order:
 * - no segment: the docs home;
 * - `docs` stands for `overview` (so `docs` and `docs/{section}` redirect to the overview tab and
 *   its sections), and `quickstart` for `quick-start`: both redirect to the canonical path;
 * - one segment naming a tab: the tab page; one unknown segment: Coming Soon (a tab not written
 *   yet);
 * - two segments naming a tab and one of its sections: the section page;
 * - anything else (an unknown section, a section of an unknown tab, three or more segments):
 *   a redirect to the docs home, as the spec says of "any other path".
 * Empty segments (a trailing or doubled slash) are ignored.
 */
export function resolveDocsPath(splat: string, chapters: readonly DocChapter[]): DocsView {
  const segments = splat.split('/').filter(Boolean);
  const [tab, sectionId, ...rest] = segments;
  if (tab === undefined) return { kind: 'home' };
  if (rest.length > 0) return { kind: 'redirect', to: '' };
  const canonical = tab === DOCS_TAB_ALIAS ? OVERVIEW : (RENAMED_TABS[tab] ?? tab);
  const chapter = chapters.find((candidate) => candidate.id === canonical);
  if (!chapter) {
    return sectionId === undefined ? { kind: 'coming-soon', tab } : { kind: 'redirect', to: '' };
  }
  const section =
    sectionId === undefined ? undefined : chapter.sections.find((s) => s.id === sectionId);
  if (sectionId !== undefined && !section) return { kind: 'redirect', to: '' };
  if (canonical !== tab) {
    return { kind: 'redirect', to: section ? `${chapter.id}/${section.id}` : chapter.id };
  }
  return section ? { kind: 'section', chapter, section } : { kind: 'tab', chapter };
}

/** The docs area lives at /app/docs and, identically, at /dev: links keep the reader's base. */
export function docsBase(pathname: string): string {
  return pathname === DOCS_ALIAS || pathname.startsWith(`${DOCS_ALIAS}/`) ? DOCS_ALIAS : DOCS_BASE;
}

/** A path in the docs area under `base`; empty parts drop out, so `docsPath(base, '')` is home. */
export function docsPath(base: string, ...parts: string[]): string {
  return [base, ...parts.filter(Boolean)].join('/');
}

/** A link written in the content as /app/docs/... opened under the reader's base instead. */
export function rebaseContentLink(href: string, base: string): string {
  if (href === DOCS_BASE || href.startsWith(`${DOCS_BASE}/`) || href.startsWith(`${DOCS_BASE}#`)) {
    return base + href.slice(DOCS_BASE.length);
  }
  return href;
}

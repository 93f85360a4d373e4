import { describe, expect, it } from 'vitest';
import { CHAPTER_ICONS } from '../components/chapter-icon.tsx';
import { chapters, readingOrder } from './docs-content.ts';
import { resolveDocsPath } from './docs-paths.ts';

const TABS = ['overview', 'installation', 'quick-start', 'commands', 'api', 'registry', 'enterprise'];

// GitHub's heading ids, which the renderer's anchors follow: lower case, punctuation dropped,
// spaces to dashes, repeats numbered.
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const withoutCode = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  for (const [, raw] of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = raw!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let id = base;
    for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
  }
  return ids;
}

describe('the documentation content', () => {
  it('has the seven tabs in order, each with at least four sections', () => {
    expect(chapters.map((chapter) => chapter.id)).toEqual(TABS);
    for (const chapter of chapters) {
      expect(chapter.sections.length, chapter.id).toBeGreaterThanOrEqual(4);
      expect(chapter.title && chapter.description, chapter.id).toBeTruthy();
    }
  });

  it('uses icons the docs know how to draw', () => {
    const missing = chapters.filter((chapter) => !(chapter.icon in CHAPTER_ICONS));
    expect(missing.map((chapter) => `${chapter.id}: ${chapter.icon}`)).toEqual([]);
  });

  it('has unique section ids within each tab and unique files overall', () => {
    for (const chapter of chapters) {
      const ids = chapter.sections.map((section) => section.id);
      expect(new Set(ids).size, chapter.id).toBe(ids.length);
    }
    const files = readingOrder.map((entry) => entry.section.file);
    expect(new Set(files).size).toBe(files.length);
  });

  it('has exactly the one section without a description that the fallback card shows', () => {
    const bare = readingOrder.filter((entry) => entry.section.description === undefined);
    expect(bare.map((entry) => entry.section.file)).toEqual([
      'content/docs/quick-start/06-next-steps.md',
    ]);
  });

  it('links only to docs pages and headings that exist', () => {
    const broken: string[] = [];
    for (const { section } of readingOrder) {
      const links = section.body.matchAll(/(?:\]\(|href=")(\/app\/docs[^)"\s]*)/g);
      for (const [, link] of links) {
        const [path = '', anchor] = link!.split('#');
        const view = resolveDocsPath(path.replace(/^\/app\/docs\/?/, ''), chapters);
        const known = view.kind === 'section' || view.kind === 'tab' || view.kind === 'home';
        const anchored =
          !anchor || (view.kind === 'section' && headingIds(view.section.body).has(anchor));
        if (!known || !anchored) broken.push(`${section.file}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

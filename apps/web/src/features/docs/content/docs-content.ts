import { buildDocs } from './build-docs.ts';
import type { DocChapter, DocSection } from './docs-model.ts';

// Eager: search reads every section, and the text (about 75 KB gzipped) ships in the docs
// chunk only, never on the landing page. Relative to this file, content/ is the repository's.
const files = import.meta.glob<string>('../../../../../../content/docs/**/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every chapter with its sections, in reading order. A content mistake throws at import. */
export const chapters: readonly DocChapter[] = buildDocs(files);

export interface SectionEntry {
  chapter: DocChapter;
  section: DocSection;
}

/** All sections in reading order, across chapters: the order of previous/next links. */
export const readingOrder: readonly SectionEntry[] = chapters.flatMap((chapter) =>
  chapter.sections.map((section) => ({ chapter, section })),
);

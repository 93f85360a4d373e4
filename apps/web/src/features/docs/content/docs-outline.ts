import { buildOutline } from './build-docs.ts';
import type { ChapterOutline } from './docs-model.ts';

// The chapter files only, eagerly: a few hundred bytes. The sections are listed by path and
// never loaded from here, so the docs home does not carry every section's text.
const chapterFiles = import.meta.glob<string>('../../../../../../content/docs/*/_chapter.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sectionPaths = Object.keys(
  import.meta.glob('../../../../../../content/docs/*/*.md', { query: '?raw', import: 'default' }),
);

/** Every chapter in reading order, with its number of sections. */
export const outline: readonly ChapterOutline[] = buildOutline(chapterFiles, sectionPaths);

import { describe, expect, it } from 'vitest';
import { buildOutline } from './build-docs.ts';
import { chapters } from './docs-content.ts';
import { outline } from './docs-outline.ts';

const chapterFile = (id: string, order: number) =>
  `---\nid: ${id}\ntitle: ${id} title\nicon: Rocket\ndescription: About ${id}\norder: ${order}\n---\n`;

describe('the docs outline', () => {
  it('agrees with the full content: same chapters, in order, with their section counts', () => {
    expect(outline).toEqual(
      chapters.map(({ sections, ...chapter }) => ({ ...chapter, sectionCount: sections.length })),
    );
  });

  it('counts only section files, per chapter folder, and orders chapters', () => {
    const built = buildOutline(
      {
        '/x/content/docs/b/_chapter.md': chapterFile('b', 2),
        '/x/content/docs/a/_chapter.md': chapterFile('a', 1),
      },
      [
        '/x/content/docs/a/_chapter.md',
        '/x/content/docs/a/01-one.md',
        '/x/content/docs/a/02-two.md',
        '/x/content/docs/b/01-one.md',
        '/x/content/docs/b/notes.md',
      ],
    );
    expect(built.map(({ id, sectionCount }) => [id, sectionCount])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('refuses a chapter file with a mistake, naming the file', () => {
    expect(() =>
      buildOutline({ '/x/content/docs/a/_chapter.md': chapterFile('b', 1) }, []),
    ).toThrow('content/docs/a/_chapter.md: id "b" must match its folder "a"');
  });
});

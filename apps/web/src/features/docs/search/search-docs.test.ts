import { describe, expect, it } from 'vitest';
import { chapters } from '../content/docs-content.ts';
import type { DocChapter } from '../content/docs-model.ts';
import { markdownToPlainText } from './plain-text.ts';
import { buildSearchIndex, highlightParts, searchDocs } from './search-docs.ts';

const section = (id: string, title: string, body: string) => ({
  id,
  title,
  body,
  file: `content/docs/t/01-${id}.md`,
});
const fixture: DocChapter[] = [
  {
    id: 't',
    title: 'Tab',
    icon: 'Code',
    description: 'd',
    order: 1,
    sections: [
      section('often', 'Other things', 'lockfile lockfile lockfile lockfile and more lockfile'),
      section('named', 'The lockfile', 'What it holds.'),
      section('none', 'Nothing', 'Unrelated words only.'),
    ],
  },
];

describe('docs search', () => {
  it('ranks title matches first, then by how often the text matches', () => {
    const hits = searchDocs(buildSearchIndex(fixture), 'Lockfile');
    expect(hits.map((hit) => hit.doc.sectionId)).toEqual(['named', 'often']);
    expect(hits[1]?.snippet).toContain('lockfile');
  });

  it('needs every word of the query somewhere in the section', () => {
    const index = buildSearchIndex(fixture);
    expect(searchDocs(index, 'lockfile holds').map((hit) => hit.doc.sectionId)).toEqual(['named']);
    expect(searchDocs(index, 'lockfile zebra')).toEqual([]);
    expect(searchDocs(index, '   ')).toEqual([]);
  });

  it('finds real sections and cuts snippets at words', () => {
    const index = buildSearchIndex(chapters);
    const hits = searchDocs(index, 'trust level');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?.doc.titleKey).toContain('trust level');
    for (const hit of searchDocs(index, 'lockfile')) {
      expect(hit.snippet.toLowerCase()).toContain('lockfile');
      expect(hit.snippet.length).toBeLessThan(180);
    }
  });

  it('marks every occurrence of every term, whatever its case', () => {
    expect(highlightParts('Spoke lock and LOCKfile', ['lockfile', 'lock'])).toEqual([
      { text: 'Spoke ', match: false },
      { text: 'lock', match: true },
      { text: ' and ', match: false },
      { text: 'LOCKfile', match: true },
    ]);
    expect(highlightParts('a (b)', ['(b)'])).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
    ]);
  });

  it('reads Markdown as words', () => {
    expect(
      markdownToPlainText(
        '## Install `spoke`\n\nSee [the guide](/app/docs/x) **now**.\n\n```sh\nnpm i -g spoke\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n<kbd>Tab</kbd> &amp; more',
      ),
    ).toBe('Install spoke See the guide now. npm i -g spoke a b 1 2 Tab & more');
  });
});

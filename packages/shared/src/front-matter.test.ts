import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter } from './front-matter.ts';

describe('parseFrontMatter', () => {
  it('reads plain, quoted and list values and the body', () => {
    const text = [
      '---',
      'title: "Hello: \\"quoted\\" world"',
      'summary: "Colons: fine when quoted"',
      "note: 'it''s'",
      'tags: [cli, "mcp", security]',
      'empty: []',
      '---',
      '',
      '# Body',
      'text',
    ].join('\n');
    expect(parseFrontMatter(text, 'a.md')).toEqual({
      data: {
        title: 'Hello: "quoted" world',
        summary: 'Colons: fine when quoted',
        note: "it's",
        tags: ['cli', 'mcp', 'security'],
        empty: [],
      },
      body: '# Body\ntext',
    });
  });

  it.each([
    ['no opening fence', 'title: x\n---\n', 'x.md:1: must start with a --- line'],
    ['no closing fence', '---\ntitle: x\n', 'x.md: front matter has no closing --- line'],
    ['a line without a key', '---\njust text\n---\n', 'x.md:2: expected "key: value"'],
    ['a duplicate key', '---\na: 1\na: 2\n---\n', 'x.md:3: duplicate key "a"'],
    ['an open quote', '---\na: "x\n---\n', 'x.md:2: unterminated "'],
    ['an open list', '---\na: [x, y\n---\n', 'x.md:2: unterminated [ list'],
    ['an unquoted colon', '---\na: b: c\n---\n', 'x.md:2: quote the value b: c'],
    ['a YAML indicator', '---\na: *b\n---\n', 'x.md:2: quote the value *b'],
  ])('names the file and line for %s', (_name, text, message) => {
    expect(() => parseFrontMatter(text, 'x.md')).toThrowError(FrontMatterError);
    expect(() => parseFrontMatter(text, 'x.md')).toThrow(message);
  });
});

import { describe, expect, it } from 'vitest';
import { FrontMatterError, parsePage } from './front-matter.ts';

const FILE = 'content/pages/example.md';

function page(frontMatter: string, body = 'Some text.') {
  return `---\n${frontMatter}\n---\n\n${body}\n`;
}

function problem(source: string): string {
  try {
    parsePage(source, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(FrontMatterError);
    return (error as Error).message;
  }
  throw new Error('expected the page to be refused');
}

describe('parsePage', () => {
  it('returns title, description and the trimmed body', () => {
    expect(
      parsePage(page('title: About\ndescription: Who we are.', '## One\n\nText.'), FILE),
    ).toEqual({ title: 'About', description: 'Who we are.', body: '## One\n\nText.' });
  });

  it('reads quoted values, Windows line ends and a byte-order mark', () => {
    const source = `\uFEFF---\r\ntitle: "Terms: the rules"\r\ndescription: 'It''s short.'\r\n---\r\nBody\r\n`;
    expect(parsePage(source, FILE)).toEqual({
      title: 'Terms: the rules',
      description: "It's short.",
      body: 'Body',
    });
  });

  it('allows a level-1 heading inside a code block', () => {
    const body = '```sh\n# a shell comment\n```';
    expect(parsePage(page('title: T\ndescription: D', body), FILE).body).toBe(body);
  });

  it.each([
    ['no front matter', 'Just text', 'must start with a --- line'],
    ['an unclosed block', '---\ntitle: T\ndescription: D\n', 'no closing --- line'],
    ['a missing title', page('description: D'), 'missing "title"'],
    ['a missing description', page('title: T'), 'missing "description"'],
    ['an empty value', page('title:\ndescription: D'), '"title" is empty'],
    ['an unknown key', page('title: T\nauthor: X\ndescription: D'), 'unknown key "author"'],
    ['a duplicate key', page('title: T\ntitle: U\ndescription: D'), ':3: duplicate key "title"'],
    ['a line that is not key: value', page('title: T\n- item\ndescription: D'), ':3: expected'],
    ['an unquoted colon', page('title: Terms: rules\ndescription: D'), ':2: quote the value'],
    ['a YAML indicator', page('title: *T\ndescription: D'), ':2: quote the value'],
    ['a list', page('title: [T]\ndescription: D'), '"title" must be text'],
    ['an unterminated quote', page('title: "T\ndescription: D'), ':2: unterminated'],
    ['no body', page('title: T\ndescription: D', ''), 'has no body'],
    ['a level-1 heading', page('title: T\ndescription: D', '# Title again'), 'level-1 heading'],
  ])('refuses %s, naming the file', (_case, source, message) => {
    const text = problem(source);
    expect(text.startsWith(FILE)).toBe(true);
    expect(text).toContain(message);
  });
});

import { describe, expect, it } from 'vitest';
import { buildDocs } from './build-docs.ts';

const chapter = (fields: string) => `---\n${fields}\n---\n`;
const API_CHAPTER = chapter(
  'id: api\ntitle: API Reference\nicon: Code\ndescription: The HTTP API.\norder: 5',
);
const section = (fields: string, body = 'Some text.') => `---\n${fields}\n---\n\n${body}\n`;

function build(files: Record<string, string>) {
  return () => buildDocs(files);
}

describe('buildDocs', () => {
  it('orders chapters by order and sections by number, and keeps a missing description out', () => {
    const docs = buildDocs({
      'content/docs/api/_chapter.md': API_CHAPTER,
      'content/docs/api/10-late.md': section('title: Late'),
      'content/docs/api/02-errors.md': section('title: Errors\ndescription: "Codes: all"', 'Body'),
      'content/docs/overview/_chapter.md': chapter(
        'id: overview\ntitle: Overview\nicon: BookOpen\ndescription: What it is.\norder: 1',
      ),
      'content/docs/overview/01-what.md': section('title: What'),
    });
    expect(docs.map((c) => c.id)).toEqual(['overview', 'api']);
    const api = docs[1]!;
    expect(api).toMatchObject({ title: 'API Reference', icon: 'Code', order: 5 });
    expect(api.sections.map((s) => s.id)).toEqual(['errors', 'late']);
    expect(api.sections[0]).toEqual({
      id: 'errors',
      title: 'Errors',
      description: 'Codes: all',
      body: 'Body\n',
      file: 'content/docs/api/02-errors.md',
    });
    expect('description' in api.sections[1]!).toBe(false);
  });

  it('names the file when a required field is missing', () => {
    expect(
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/api/02-errors.md': section('description: No title here'),
      }),
    ).toThrow('content/docs/api/02-errors.md: title is required');
    expect(
      build({ 'content/docs/api/_chapter.md': chapter('id: api\ntitle: API\nicon: Code\norder: 1') }),
    ).toThrow('content/docs/api/_chapter.md: description is required');
  });

  it('names the file and line of broken front matter', () => {
    expect(
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/api/01-a.md': 'title: no fences\n',
      }),
    ).toThrow('content/docs/api/01-a.md:1: must start with a --- line');
    expect(
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/api/01-a.md': '---\ntitle: A\nthis is not a key\n---\nText',
      }),
    ).toThrow(/^content\/docs\/api\/01-a\.md:3: expected "key: value"/);
    expect(
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/api/01-a.md': '---\ntitle: A\n',
      }),
    ).toThrow('content/docs/api/01-a.md: front matter has no closing --- line');
  });

  it('refuses unknown keys, empty values, lists and sections without text', () => {
    const with01 = (text: string) =>
      build({ 'content/docs/api/_chapter.md': API_CHAPTER, 'content/docs/api/01-a.md': text });
    expect(with01(section('title: A\ndescripton: typo'))).toThrow(
      'content/docs/api/01-a.md: unknown key "descripton"',
    );
    expect(with01(section('title: A\ndescription:'))).toThrow(
      'content/docs/api/01-a.md: description is empty',
    );
    expect(with01(section('title: [A, B]'))).toThrow(
      'content/docs/api/01-a.md: title must be text, not a list',
    );
    expect(with01(section('title: A', ''))).toThrow(
      'content/docs/api/01-a.md: has no content after its front matter',
    );
  });

  it('checks chapter ids, icons and order', () => {
    const only = (text: string) => build({ 'content/docs/api/_chapter.md': text });
    expect(only(API_CHAPTER.replace('id: api', 'id: apis'))).toThrow(
      'content/docs/api/_chapter.md: id "apis" must match its folder "api"',
    );
    expect(only(API_CHAPTER.replace('icon: Code', 'icon: code-2'))).toThrow(
      'content/docs/api/_chapter.md: icon "code-2" is not a lucide-react icon name',
    );
    expect(only(API_CHAPTER.replace('order: 5', 'order: first'))).toThrow(
      'content/docs/api/_chapter.md: order must be a whole number',
    );
    expect(
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/cli/_chapter.md': chapter(
          'id: cli\ntitle: CLI\nicon: Terminal\ndescription: D.\norder: 5',
        ),
      }),
    ).toThrow('content/docs/cli/_chapter.md: order 5 is also used by content/docs/api/_chapter.md');
  });

  it('names a folder without _chapter.md and badly named or duplicate section files', () => {
    expect(build({ 'content/docs/api/01-a.md': section('title: A') })).toThrow(
      'content/docs/api/_chapter.md: is missing',
    );
    const files = (name: string, extra: Record<string, string> = {}) =>
      build({
        'content/docs/api/_chapter.md': API_CHAPTER,
        'content/docs/api/01-a.md': section('title: A'),
        [`content/docs/api/${name}`]: section('title: B'),
        ...extra,
      });
    expect(files('errors.md')).toThrow(
      'content/docs/api/errors.md: file name must be _chapter.md or <nn>-<section-id>.md',
    );
    expect(files('02-a.md')).toThrow(
      'content/docs/api/02-a.md: section id "a" is also used by content/docs/api/01-a.md',
    );
    expect(files('01-b.md')).toThrow(
      'content/docs/api/01-b.md: number 01 is also used by content/docs/api/01-a.md',
    );
    expect(build({ 'content/docs/api/deeper/01-a.md': section('title: A') })).toThrow(
      'content/docs/api/deeper/01-a.md: must sit in content/docs/<tab>/',
    );
  });

  it('accepts the keys Vite gives relative to the loader', () => {
    const docs = buildDocs({
      '../../../../../../content/docs/api/_chapter.md': API_CHAPTER,
      '../../../../../../content/docs/api/01-a.md': section('title: A'),
    });
    expect(docs[0]?.sections[0]?.file).toBe('content/docs/api/01-a.md');
  });
});

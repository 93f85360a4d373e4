import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogListSchema } from '@spoke/shared';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { loadBlogPosts } from './content.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const repoContent = path.resolve(import.meta.dirname, '../../../../../content');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ contentDir: fixtures, appUrl: 'https://spoke.example' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/blog', () => {
  it('lists posts newest first with reading time and tag counts', async () => {
    const res = await t.app.inject('/api/blog');
    const list = BlogListSchema.parse(res.json().data);
    expect(list.posts.map((p) => p.slug)).toEqual(['second-post', 'first-post']);
    expect(list).toMatchObject({ page: 1, page_size: 10, total: 2 });
    expect(list.posts[0]).toEqual({
      slug: 'second-post',
      title: 'The second post',
      date: '2026-10-01',
      author: 'Spoke Engineering',
      summary: 'A newer post about the CLI.',
      tags: ['cli', 'engineering'],
      reading_minutes: 1,
    });
    expect(list.tags).toEqual([
      { tag: 'announcements', count: 1 },
      { tag: 'cli', count: 1 },
      { tag: 'engineering', count: 1 },
    ]);
  });

  it('filters by tag and pages', async () => {
    const tagged = (await t.app.inject('/api/blog?tag=announcements')).json().data;
    expect(tagged.posts.map((p: { slug: string }) => p.slug)).toEqual(['first-post']);
    const page2 = (await t.app.inject('/api/blog?page=2&page_size=1')).json().data;
    expect(page2).toMatchObject({ page: 2, page_size: 1, total: 2 });
    expect(page2.posts.map((p: { slug: string }) => p.slug)).toEqual(['first-post']);
    expect((await t.app.inject('/api/blog?page=0')).statusCode).toBe(422);
  });

  it('answers a post with its Markdown, and an unknown slug with 404', async () => {
    const res = await t.app.inject('/api/blog/first-post');
    expect(res.json().data.post.body).toContain('## Hello');
    const missing = await t.app.inject('/api/blog/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /blog/rss.xml', () => {
  it('is a well-formed RSS 2.0 feed with escaped text', async () => {
    const res = await t.app.inject('/blog/rss.xml');
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body);
    expect(feed.rss['@_version']).toBe('2.0');
    const items = feed.rss.channel.item;
    expect(items.map((i: { link: string }) => i.link)).toEqual([
      'https://spoke.example/blog/second-post',
      'https://spoke.example/blog/first-post',
    ]);
    expect(items[1].description).toBe('An old post: <with> & characters that XML must escape.');
    expect(items[1].pubDate).toBe('Tue, 01 Sep 2026 00:00:00 GMT');
  });
});

describe('the blog content loader', () => {
  function folderWith(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'spoke-blog-'));
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  }

  it.each([
    ['no front matter', 'bad.md', '# Just text', /bad\.md:1: must start with a --- line/],
    [
      'a missing field',
      'no-author.md',
      '---\ntitle: T\ndate: 2026-01-01\nsummary: S\ntags: []\n---\nText',
      /no-author\.md: author: /,
    ],
    [
      'a bad date',
      'bad-date.md',
      '---\ntitle: T\ndate: 01/02/2026\nauthor: A\nsummary: S\ntags: []\n---\nText',
      /bad-date\.md: date: date must be YYYY-MM-DD/,
    ],
    [
      'an unknown tag',
      'bad-tag.md',
      '---\ntitle: T\ndate: 2026-01-01\nauthor: A\nsummary: S\ntags: [gossip]\n---\nText',
      /bad-tag\.md: tags\.0: tags must be among/,
    ],
    [
      'a bad file name',
      'Bad Name.md',
      '---\n---\n',
      /Bad Name\.md: file name must be a kebab-case slug/,
    ],
  ])('stops with the file named for %s', (_name, file, text, message) => {
    expect(() => loadBlogPosts(folderWith({ [file]: text }))).toThrow(message);
  });

  it('accepts every post the repository ships', () => {
    const posts = loadBlogPosts(path.join(repoContent, 'blog'));
    expect(posts.length).toBeGreaterThanOrEqual(5);
  });
});

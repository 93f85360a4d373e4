import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '#web/app/routes.tsx';
import { contentPageSlugs, loadContentPage } from './load-page.ts';

const dir = path.resolve(import.meta.dirname, '../../../../../../content/pages');
const onDisk = readdirSync(dir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -'.md'.length))
  .sort();

describe('content/pages', () => {
  it('is found by the loader, file for file', () => {
    expect(onDisk.length).toBeGreaterThan(0);
    expect(contentPageSlugs()).toEqual(onDisk);
  });

  it('has a page for every content route', () => {
    expect(onDisk).toEqual(expect.arrayContaining([...CONTENT_PAGES]));
  });

  it.each(onDisk)('%s.md has a title, a description and a real body', async (slug) => {
    const page = await loadContentPage(slug);
    expect(page?.title.length).toBeGreaterThan(2);
    expect(page?.description.length).toBeGreaterThan(20);
    const words = page?.body.split(/\s+/).length ?? 0;
    expect(words).toBeGreaterThan(200);
  });

  it('answers null for a page that does not exist', async () => {
    await expect(loadContentPage('no-such-page')).resolves.toBeNull();
  });
});

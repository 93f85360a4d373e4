import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

// A web build as `npm run build -w @spoke/web` leaves it: Vite's files, then the .br and .gz
// that apps/web/scripts/precompress.ts writes next to them.
const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../web/scripts/precompress.ts');
const webDir = mkdtempSync(path.join(tmpdir(), 'spoke-web-'));
mkdirSync(path.join(webDir, 'js'));
// Large enough for the build to compress, as the real page is.
const page = `<!doctype html><title>Spoke</title><div id="root">${'<p>Loading</p>'.repeat(100)}</div>`;
writeFileSync(path.join(webDir, 'index.html'), page);
const entry = Array.from(
  { length: 400 },
  (_, i) => `export function step${i}(value) { return value * ${i} + ${i % 7}; }`,
).join('\n');
writeFileSync(path.join(webDir, 'js', 'index-abc123.js'), entry);
// Too small to be worth compressing: the build leaves it alone.
writeFileSync(path.join(webDir, 'js', 'tiny-def456.js'), 'console.log("spoke")');
execFileSync(process.execPath, [PRECOMPRESS, webDir]);
// The page patterns apps/web/scripts/write-routes.ts writes from the app's route table.
const PATTERNS = [
  '/',
  '/pricing',
  '/app/agents',
  '/app/agents/:id',
  '/app/docs/*',
  '/blog/:slug',
  '/app/blog/:slug',
];
writeFileSync(path.join(webDir, 'routes.json'), JSON.stringify({ patterns: PATTERNS }));

const ASSET = '/js/index-abc123.js';
const YEAR = 'public, max-age=31536000, immutable';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the build step', () => {
  it('writes a smaller .br and .gz beside each text file, and none for tiny ones', () => {
    const file = path.join(webDir, 'js', 'index-abc123.js');
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(br.length).toBeLessThan(entry.length);
    expect(gz.length).toBeLessThan(entry.length);
    expect(brotliDecompressSync(br).toString()).toBe(entry);
    expect(gunzipSync(gz).toString()).toBe(entry);
    expect(existsSync(path.join(webDir, 'js', 'tiny-def456.js.br'))).toBe(false);
    expect(existsSync(path.join(webDir, 'js', 'tiny-def456.js.gz'))).toBe(false);
  });
});

describe('compressed assets', () => {
  it('sends the brotli file as it is to a browser that accepts br', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.rawPayload.equals(readFileSync(path.join(webDir, `${ASSET}.br`)))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entry);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.rawPayload.equals(readFileSync(path.join(webDir, `${ASSET}.gz`)))).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(entry);
  });

  it('follows the client’s preferences between the two', async () => {
    expect((await get(ASSET, 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
    expect((await get(ASSET, '*')).headers['content-encoding']).toBeDefined();
  });

  it('sends the plain file to a client that accepts neither', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get(ASSET, accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(String(res.headers.vary), String(accept)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(YEAR);
      expect(res.body).toBe(entry);
    }
  });

  it('compresses on the fly for an encoding the build has no file for', async () => {
    const res = await get(ASSET, 'deflate');
    expect(res.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(res.rawPayload).toString()).toBe(entry);
  });

  it('sends a file the build left without copies as it is: too small to gain', async () => {
    const res = await get('/js/tiny-def456.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log("spoke")');
    expect(res.headers['cache-control']).toBe(YEAR);
    expect((await get('/js/tiny-def456.js')).body).toBe('console.log("spoke")');
  });

  it('answers a request for the copy it holds with 304, by its ETag', async () => {
    const first = await get(ASSET, 'br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      url: ASSET,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: ASSET, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(entry);
  });

  it('sends the page for every client route, compressed by the build too', async () => {
    for (const url of ['/', '/app/agents', '/pricing?plan=pro']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    expect((await get('/app/agents')).body).toBe(page);
  });

  it('answers an address no page has with 404 and the same page, so the app shows Not Found', async () => {
    for (const url of ['/no-such-page', '/app/no-such-screen', '/pricing/more', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('matches dynamic segments and splats as the app does', async () => {
    for (const url of ['/app/agents/0b7c', '/APP/Agents/0b7c/', '/app/docs', '/app/docs/a/b']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    for (const url of ['/app/agents/0b7c/more', '/app/agents//x']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers a blog post’s address with 404 once no post has that slug', async () => {
    // The harness serves the fixtures' posts: first-post and second-post.
    expect((await get('/blog/first-post')).statusCode).toBe(200);
    expect((await get('/app/blog/first-post')).statusCode).toBe(200);
    expect((await get('/blog/no-such-post')).statusCode).toBe(404);
    expect((await get('/app/blog/no-such-post')).statusCode).toBe(404);
    expect((await get('/blog/no-such-post')).body).toBe(page);
  });

  it('sends a 404 page in full, even to a client that holds the page', async () => {
    const { etag } = (await get('/pricing')).headers;
    const known = await t.app.inject({ url: '/pricing', headers: { 'if-none-match': etag } });
    expect(known.statusCode).toBe(304);
    const unknown = await t.app.inject({ url: '/no-such', headers: { 'if-none-match': etag } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(page);
  });

  it('keeps the page patterns to itself', async () => {
    const res = await get('/routes.json');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(page);
  });

  it('answers a missing asset with 404, and the compressed copies have no address', async () => {
    for (const url of ['/js/gone-000.js', `${ASSET}.br`, `${ASSET}.gz`]) {
      for (const accept of [undefined, 'gzip, deflate, br']) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: ASSET,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });
});

describe('a build without page patterns', () => {
  const olderBuild = mkdtempSync(path.join(tmpdir(), 'spoke-web-'));
  writeFileSync(path.join(olderBuild, 'index.html'), page);
  let older: TestApp;
  beforeAll(async () => {
    older = await startTestApp({ webDistDir: olderBuild });
  });
  afterAll(async () => {
    await older?.close();
  });

  it('sends the page with 200 at every address, as before', async () => {
    for (const url of ['/', '/pricing', '/no-such-page']) {
      const res = await older.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
    }
  });
});

describe('a build with prerendered pages', () => {
  // As apps/web/scripts/prerender.ts leaves them: one HTML file per public page under pages/,
  // listed in routes.json beside the patterns, compressed like every other file.
  const build = mkdtempSync(path.join(tmpdir(), 'spoke-web-'));
  const shell = `<!doctype html><title>Spoke</title><div id="root">${'<p>Shell</p>'.repeat(100)}</div>`;
  const prerendered = (name: string) =>
    `<!doctype html><title>${name} · Spoke</title><div id="root"><main><h1>${name}</h1>${'<p>Text of the page.</p>'.repeat(100)}</main></div>`;
  const PAGES: Record<string, string> = {
    '/': 'pages/index.html',
    '/pricing': 'pages/pricing.html',
    '/app/docs/overview': 'pages/app/docs/overview.html',
    '/blog/first-post': 'pages/blog/first-post.html',
  };
  writeFileSync(path.join(build, 'index.html'), shell);
  for (const [pathname, file] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
    writeFileSync(path.join(build, file), prerendered(pathname));
  }
  execFileSync(process.execPath, [PRECOMPRESS, build]);
  writeFileSync(
    path.join(build, 'routes.json'),
    JSON.stringify({ patterns: PATTERNS, prerendered: Object.keys(PAGES) }),
  );
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ webDistDir: build });
  });
  afterAll(async () => {
    await app?.close();
  });
  const fetchPage = (url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });

  it('sends a prerendered page at its address, compressed by the build and revalidated', async () => {
    for (const url of ['/', '/pricing', '/pricing/', '/app/docs/overview', '/blog/first-post']) {
      const pathname = url.length > 1 ? url.replace(/\/$/, '') : url;
      const res = await fetchPage(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(prerendered(pathname));
    }
    const plain = await app.app.inject('/pricing');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(prerendered('/pricing'));
  });

  it('answers a revalidation of a prerendered page with 304 while it is unchanged', async () => {
    const { etag } = (await fetchPage('/pricing')).headers;
    expect(etag).not.toBe((await fetchPage('/app/agents')).headers.etag);
    const again = await fetchPage('/pricing', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
  });

  it('sends index.html for the other pages of the app, and for an address with a query', async () => {
    for (const url of [
      '/app/agents',
      '/app/docs',
      '/blog/second-post',
      '/pricing?plan=pro',
      '/?a=1',
    ]) {
      const res = await fetchPage(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('answers unknown addresses with 404 and index.html, and never serves pages/ as files', async () => {
    for (const url of [
      '/no-such-page',
      '/blog/no-such-post',
      '/pages/pricing.html',
      '/pages/index.html',
      '/pricing/more',
    ]) {
      const res = await fetchPage(url);
      expect(res.statusCode, url).toBe(404);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('answers HEAD for a prerendered page like GET, without a body', async () => {
    const res = await app.app.inject({ method: 'HEAD', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe('');
  });
});

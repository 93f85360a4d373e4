import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  dataOf,
  localServer,
  testContext,
  textOf,
  type LocalServer,
} from './test-support.ts';

type Page = {
  url: string;
  title: string;
  text: string;
  truncated: boolean;
  links: { n: number; text: string; url: string }[];
};

const ARTICLE = `<!doctype html>
<html><head><title>Release notes &amp; news</title>
<style>body { color: red }</style><script>window.secret = "do not show";</script></head>
<body>
  <nav><a href="/home">Home</a> <a href="/about">About</a></nav>
  <main>
    <h1>Version 2.0</h1>
    <p>Faster <strong>builds</strong> and a new <a href="/docs/cli">command line</a>.</p>
    <p>See the <a href="https://example.com/changelog#v2">full changelog</a> or
       <a href="/docs/cli">the CLI docs</a> again, <a href="#top">top</a>,
       <a href="mailto:team@example.com">mail us</a>.</p>
    <img src="/hero.png" alt="hero">
  </main>
  <footer>Copyright</footer>
</body></html>`;

describe('fetch_page', () => {
  let site: LocalServer;
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    site = await localServer((req, res) => {
      if (req.url === '/article') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(ARTICLE);
      } else if (req.url === '/plain') {
        res.setHeader('content-type', 'text/plain');
        res.end('just text');
      } else if (req.url === '/latin1') {
        res.setHeader('content-type', 'text/html; charset=iso-8859-1');
        res.end(Buffer.from('<title>Caf\xe9</title><p>cr\xe8me br\xfbl\xe9e</p>', 'latin1'));
      } else if (req.url === '/long') {
        res.setHeader('content-type', 'text/html');
        res.end(`<p>${'word '.repeat(2000)}</p>`);
      } else if (req.url === '/file.pdf') {
        res.setHeader('content-type', 'application/pdf');
        res.end('%PDF-1.4');
      } else {
        res.writeHead(404).end();
      }
    });
    mcp = await connect('web-page', testContext({ network: { allowPrivateNetworks: true } }).ctx);
  });

  afterAll(async () => {
    await mcp.close();
    await site.close();
  });

  it('returns the title, the main text and numbered absolute links', async () => {
    const result = await mcp.call('fetch_page', { url: `${site.url}/article` });
    const page = dataOf<Page>(result);
    expect(page.title).toBe('Release notes & news');
    expect(page.text).toContain('VERSION 2.0');
    expect(page.text).toContain('Faster builds and a new command line [1].');
    expect(page.text).toContain('full changelog [2]');
    expect(page.text).toContain('the CLI docs [1]');
    for (const hidden of ['Home', 'Copyright', 'secret', 'color: red', 'hero']) {
      expect(page.text).not.toContain(hidden);
    }
    expect(page.links).toEqual([
      { n: 1, text: 'command line', url: `${site.url}/docs/cli` },
      { n: 2, text: 'full changelog', url: 'https://example.com/changelog#v2' },
    ]);
    expect(page.truncated).toBe(false);
    expect(textOf(result)).toMatch(/^Release notes & news \(http:\/\/127\.0\.0\.1:\d+\/article\)/);
  });

  it('decodes the charset the server names and reads plain text as is', async () => {
    const latin = dataOf<Page>(await mcp.call('fetch_page', { url: `${site.url}/latin1` }));
    expect(latin.title).toBe('Café');
    expect(latin.text).toBe('crème brûlée');
    const plain = dataOf<Page>(await mcp.call('fetch_page', { url: `${site.url}/plain` }));
    expect(plain).toMatchObject({ title: '', text: 'just text', links: [] });
  });

  it('cuts the text at max_chars', async () => {
    const page = dataOf<Page>(
      await mcp.call('fetch_page', { url: `${site.url}/long`, max_chars: 100 }),
    );
    expect(page.text).toHaveLength(100);
    expect(page.truncated).toBe(true);
  });

  it('fails clearly for missing pages, other content and private addresses', async () => {
    const missing = await mcp.call('fetch_page', { url: `${site.url}/gone` });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('the page answered 404 Not Found');
    const pdf = await mcp.call('fetch_page', { url: `${site.url}/file.pdf` });
    expect(textOf(pdf)).toBe(
      `${site.url}/file.pdf is not a web page (content type application/pdf)`,
    );
    const guarded = await connect('web-page', testContext().ctx);
    const refused = await guarded.call('fetch_page', { url: `${site.url}/article` });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('refused: 127.0.0.1 is a loopback address');
    await guarded.close();
  });
});

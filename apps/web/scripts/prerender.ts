import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import preact from '@preact/preset-vite';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { build, type Manifest, type Plugin } from 'vite';
import { preactAliases, reactLibraryNames } from '../compat/aliases.ts';
import type * as EntryServer from '../src/entry-server.tsx';
import { PAGE_BOOT_SCRIPT } from '@spoke/shared/page-boot';
import { decodeEntities } from './html-entities.ts';
import { classesOf, pageRules } from './page-styles.ts';
import { PAGES_DIR, pageFile } from './prerendered-pages.ts';

// Runs at the end of `vite build` (the prerender plugin in vite.config.ts), after the browser's
// files are written: builds src/entry-server.tsx with Vite's SSR build, renders every public page
// with the route table the browser uses, and writes each page's HTML to dist/pages/. The server
// sends those files for their address (apps/server/src/plugins/spa.ts); the browser hydrates them
// (src/main.tsx). Blog posts are answered by the server's own blog routes over content/blog/.
//
// A prerendered page fetches nothing before its first paint (decision 031): it carries the style
// rules it uses, its icon and a small boot script inline (PAGE_BOOT_SCRIPT), which links the whole
// stylesheets and loads the app once the page has painted. Anything fetched beside the HTML (a
// stylesheet, the entry, `modulepreload` links) holds the first paint back on a slow network.

const web = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(web, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(web, 'dist'));
const ssrOut = path.join(repo, 'node_modules/.cache/spoke-web-ssr');
const IMPORTS_GLOBAL = '__spokePrerenderImports';

type Entry = typeof EntryServer;
type Load = (signal: AbortSignal) => Promise<unknown>;

/**
 * In the SSR build, every `import('./x')` or `import('#web/x')` of the app's source notes the
 * module it loads, so a page's HTML can link the stylesheets of the browser chunks it needs before
 * its script asks for them.
 */
function trackDynamicImports(): Plugin {
  const src = path.join(web, 'src') + path.sep;
  return {
    name: 'spoke:track-dynamic-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(src) || !/\.[jt]sx?$/.test(id)) return null;
      const replaced = code.replace(
        /\bimport\(\s*(['"])((?:\.{1,2}|#web)\/[^'"?]+)\1\s*\)/g,
        (call: string, _quote: string, spec: string) => {
          const file = spec.startsWith('#web/')
            ? path.join(src, spec.slice('#web/'.length))
            : path.resolve(path.dirname(id), spec);
          const source = path.relative(web, file);
          return `(globalThis.${IMPORTS_GLOBAL}?.add(${JSON.stringify(source)}), ${call})`;
        },
      );
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

async function buildEntry(): Promise<string> {
  await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    plugins: [preact({ reactAliasesEnabled: false }), trackDynamicImports()],
    // The pages render on preact/compat, as the browser hydrates them (decision 031).
    resolve: { alias: preactAliases },
    // Left to Node, the libraries that import React would load the real one: they are bundled,
    // so that the aliases reach their imports too.
    ssr: { noExternal: reactLibraryNames },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      // One file: each page imports a fresh copy, so each render notes its own lazy modules.
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.js' } },
    },
  });
  return path.join(ssrOut, 'entry-server.js');
}

interface BlogServer {
  slugs: string[];
  fetch: typeof fetch;
}

/** The server's blog routes over content/blog/, answering the blog's requests in memory. */
async function blogServer(origin: string): Promise<BlogServer> {
  // Loaded by path: the server's source is not part of this package's TypeScript project.
  const server = path.join(repo, 'apps/server/src');
  const content = (await import(
    pathToFileURL(path.join(server, 'modules/blog/content.ts')).href
  )) as {
    loadBlogPosts(dir: string): { slug: string }[];
  };
  const routes = (await import(
    pathToFileURL(path.join(server, 'modules/blog/routes.ts')).href
  )) as {
    blogRoutes: FastifyPluginAsync<{ posts: unknown[]; appUrl: string }>;
  };
  const posts = content.loadBlogPosts(path.join(repo, 'content/blog'));
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(routes.blogRoutes, { posts, appUrl: origin });
  await app.ready();
  return {
    slugs: posts.map((post) => post.slug),
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? 'GET';
      if (url.origin !== origin || method !== 'GET' || !/^\/api\/blog(\/|$)/.test(url.pathname)) {
        // Live data (the registry, the service status) stays the browser's to fetch.
        throw new TypeError(`${method} ${url.href} is not answered while prerendering`);
      }
      const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
  };
}

/** Runs a page's requests with the API client pointed at `origin` and `fetch` at the blog. */
function loadsRunner(origin: string, blog: BlogServer) {
  return async (loads: Map<string, Load>) => {
    const answers = new Map<string, unknown>();
    const g = globalThis as { window?: unknown; fetch: typeof fetch };
    const realFetch = g.fetch;
    // The API client resolves its paths against window.location.origin as it is called; the
    // stand-in exists only while the requests start, never during a render.
    g.window = { location: { origin } };
    g.fetch = blog.fetch;
    const started: [string, Promise<unknown>][] = [];
    try {
      for (const [key, load] of loads) started.push([key, load(new AbortController().signal)]);
    } finally {
      delete g.window;
    }
    try {
      for (const [key, promise] of started) {
        try {
          answers.set(key, await promise);
        } catch {
          // Not static content: the page keeps its loading state and the browser fetches it.
        }
      }
    } finally {
      g.fetch = realFetch;
    }
    return answers;
  };
}

/**
 * The stylesheets a page's lazy modules need beyond the entry's, from Vite's manifest. Their
 * scripts are not linked: the app loads them after the first paint (PAGE_BOOT_SCRIPT).
 */
function stylesOf(manifest: Manifest, sources: Iterable<string>, entry: string): string[] {
  const styles = new Set<string>();
  const loaded = new Set<string>();
  // What index.html already loads: the entry and its static imports.
  const visitEntry = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) visitEntry(imported);
  };
  visitEntry(entry);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(key)) return;
    loaded.add(key);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...styles];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/js\/[^"]+\.js)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(js\/[^"]+\.css)">\s*/g;
const ICON = /(<link rel="icon" href=")\/favicon\.svg(")/;

/** The built stylesheets, read once: their file under dist/ to their text. */
const sheets = new Map<string, string>();
async function sheet(file: string): Promise<string> {
  let css = sheets.get(file);
  if (css === undefined) {
    css = await readFile(path.join(dist, file), 'utf8');
    // (Nothing in a style element may close it.)
    if (/<\/style/i.test(css)) throw new Error(`${file} holds "</style"`);
    sheets.set(file, css);
  }
  return css;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's first paragraph of its main content, for its meta description. */
function descriptionOf(html: string): string | null {
  const main = html.slice(Math.max(0, html.indexOf('<main')));
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/.exec(main)?.[1];
  if (!paragraph) return null;
  const text = decodeEntities(paragraph.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length < 40) return null;
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028');

async function pageHtml(
  template: string,
  page: EntryServer.PrerenderedPage,
  styles: string[],
  icon: string,
): Promise<string> {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script for the app');
  // The entry and the chunks Vite preloads for it give way to the boot script.
  let html = template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      ENTRY_SCRIPT,
      () => `<script type="module" data-app="${entry}">${PAGE_BOOT_SCRIPT}</script>`,
    )
    .replace(ICON, (_whole, before: string, after: string) => `${before}${icon}${after}`);
  if (page.title)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  const description = descriptionOf(page.html);
  if (description) {
    html = html.replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      `$1${escapeHtml(description)}$2`,
    );
  }
  // The stylesheets index.html links (the entry's), then the page's lazy modules'.
  const files = [...[...html.matchAll(STYLESHEET)].map((link) => link[1]!), ...styles];
  html = html.replace(STYLESHEET, '');
  // The placeholder shell of index.html makes way for the page, followed by its data.
  const root = /<div id="root">\s*<!--root-->[\s\S]*<!--\/root-->\s*<\/div>/;
  if (!root.test(html)) throw new Error('index.html has no <!--root-->…<!--/root--> placeholder');
  const data = `<script type="application/json" id="prerender-data">${scriptJson(page.data)}</script>`;
  // Nothing but the page inside #root, not even white space: React hydrates exactly what it drew.
  html = html.replace(root, () => `<div id="root">${page.html}</div>\n    ${data}`);
  // The page reads without JavaScript: the note that the app needs it goes.
  html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  // The rules the page uses, where the stylesheets stood: first, as they hold the first paint.
  const classes = classesOf(html);
  const inline = await Promise.all(
    files.map(
      async (file) =>
        `<style data-href="/${file}">${pageRules(await sheet(file), classes)}</style>`,
    ),
  );
  return html.replace(
    /(<title>[^<]*<\/title>\s*)/,
    (title: string) => `${title}${inline.join('')}`,
  );
}

/**
 * A page fit to be sent: every Suspense boundary finished in place (not left on its fallback, not
 * revealed later by an inline script, which the CSP would block).
 */
function checkPage(pathname: string, html: string): void {
  const problems = [
    /<!--\$[?!]-->/.test(html) && 'a Suspense boundary did not finish',
    // (The CSP allows the boot script alone: any other inline script would be refused.)
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].some(
      ([, attributes, body]) =>
        !/\btype="application\/json"/.test(attributes!) &&
        !/\bsrc="/.test(attributes!) &&
        body !== PAGE_BOOT_SCRIPT,
    ) && 'an inline script',
    /<link rel="(?:stylesheet|modulepreload)"/.test(html) &&
      'a stylesheet or script fetched before the first paint',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`prerendering ${pathname}: ${problems.join(', ')}`);
}

const ORIGIN = 'http://prerender.invalid';
const started = Date.now();
const entryFile = await buildEntry();
const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const faviconSvg = await readFile(path.join(dist, 'favicon.svg'), 'utf8');
const icon = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;
const blog = await blogServer(ORIGIN);
const runLoads = loadsRunner(ORIGIN, blog);

const paths = ((await import(pathToFileURL(entryFile).href)) as Entry).publicPaths(blog.slugs);
await rm(path.join(dist, PAGES_DIR), { recursive: true, force: true });
const written: string[] = [];
for (const [index, pathname] of paths.entries()) {
  // A fresh copy of the bundle for each page: React.lazy remembers a module once it loaded it.
  const entry = (await import(`${pathToFileURL(entryFile).href}?page=${index}`)) as Entry;
  const imports = new Set<string>();
  (globalThis as Record<string, unknown>)[IMPORTS_GLOBAL] = imports;
  const page = await entry.renderPage(pathname, runLoads);
  delete (globalThis as Record<string, unknown>)[IMPORTS_GLOBAL];
  if (!page) continue;
  const styles = stylesOf(manifest, imports, 'index.html');
  const file = path.join(dist, pageFile(pathname));
  await mkdir(path.dirname(file), { recursive: true });
  const html = await pageHtml(template, page, styles, icon);
  checkPage(pathname, html);
  await writeFile(file, html);
  written.push(pathname);
}
// The manifest served its purpose: the server sends every file of dist, and this one is not for
// browsers.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });
process.stdout.write(
  `prerendered ${written.length} pages to ${path.relative(process.cwd(), path.join(dist, PAGES_DIR))} ` +
    `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);

import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import { z } from 'zod';
import { contentType, decodeText } from './http-body.ts';
import { guardedFetch } from './net-guard.ts';
import { defineTool, jsonResult, ToolError, type BuiltinServerDefinition } from './tool.ts';

/** Bytes of HTML read from a page; longer pages are read up to this point. */
export const WEB_PAGE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_LINKS = 200;

type PageLink = { n: number; text: string; url: string };

/** Skipped when reading a page: scripts, navigation and page furniture. */
const SKIPPED = [
  'head',
  'title',
  'nav',
  'footer',
  'aside',
  'noscript',
  'template',
  'svg',
  'iframe',
  'form',
  'img',
];

function pageTitle(html: string): string {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return match?.[1] ? convert(match[1], { wordwrap: false }).replace(/\s+/g, ' ').trim() : '';
}

/** Reads the main content when the page marks it, the whole body otherwise. */
function baseSelectors(html: string): string[] {
  if (/<main[\s>]/i.test(html)) return ['main'];
  if (/<article[\s>]/i.test(html)) return ['article'];
  return ['body'];
}

/** Page text with links numbered like `text [3]`, and the numbered links. */
function readPage(html: string, baseUrl: string): { text: string; links: PageLink[] } {
  const links: PageLink[] = [];
  const byUrl = new Map<string, number>();
  const anchor: FormatCallback = (elem, walk, builder) => {
    walk(elem.children, builder);
    const href = (elem.attribs as Record<string, string> | undefined)?.href?.trim();
    if (!href || href.startsWith('#')) return;
    let url: URL;
    try {
      url = new URL(href, baseUrl);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    let n = byUrl.get(url.href);
    if (n === undefined && links.length < MAX_LINKS) {
      n = links.length + 1;
      byUrl.set(url.href, n);
      const text = nodeText(elem.children).replace(/\s+/g, ' ').trim();
      links.push({ n, text, url: url.href });
    }
    if (n !== undefined) builder.addInline(` [${n}]`, { noWordTransform: true });
  };
  const options: HtmlToTextOptions = {
    wordwrap: false,
    baseElements: { selectors: baseSelectors(html), returnDomByDefault: true },
    formatters: { numberedLink: anchor },
    selectors: [
      { selector: 'a', format: 'numberedLink' },
      ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    ],
  };
  const text = convert(html, options)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, links };
}

type TextNode = { type: string; data?: string; children?: TextNode[] };

function nodeText(nodes: TextNode[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? (node.data ?? '') : nodeText(node.children ?? [])))
    .join('');
}

const fetchPage = defineTool({
  name: 'fetch_page',
  title: 'Read a web page',
  description:
    'Fetch a public web page and return its title and readable text (scripts, navigation and ' +
    'footers removed; the <main> or <article> part when the page has one). Links appear in the ' +
    'text as [n] and are listed with their absolute URLs, so you can follow one with another ' +
    'call. Use max_chars to keep long pages short; the result says when the text was cut.',
  input: {
    url: z.string().min(1).max(4096).describe('Absolute http:// or https:// URL of the page.'),
    max_chars: z
      .number()
      .int()
      .min(100)
      .max(200_000)
      .default(20_000)
      .describe('Most characters of page text to return. Default 20000.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run(args, ctx, signal) {
    const res = await guardedFetch(
      {
        url: args.url,
        headers: { Accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8' },
        maxBytes: WEB_PAGE_MAX_BYTES,
        signal,
      },
      ctx.network,
    );
    if (res.status >= 400) {
      throw new ToolError(`the page answered ${res.status} ${res.statusText}`.trim());
    }
    const { mime, charset } = contentType(res.headers);
    const raw = decodeText(res.body, charset);
    let page: { title: string; text: string; links: PageLink[] };
    if (mime === 'text/html' || mime === 'application/xhtml+xml' || mime === '') {
      page = { title: pageTitle(raw), ...readPage(raw, res.url) };
    } else if (mime === 'text/plain' || mime === 'text/markdown') {
      page = { title: '', text: raw.trim(), links: [] };
    } else {
      throw new ToolError(`${res.url} is not a web page (content type ${mime})`);
    }
    const truncated = page.text.length > args.max_chars;
    const text = truncated ? page.text.slice(0, args.max_chars) : page.text;
    const summary = page.title ? `${page.title} (${res.url})` : res.url;
    return jsonResult(
      { url: res.url, status: res.status, title: page.title, text, truncated, links: page.links },
      summary,
    );
  },
});

export const webPageServer: BuiltinServerDefinition = {
  title: 'Web page reader',
  instructions: 'Reads public web pages as plain text. Use fetch_page with a full URL.',
  tools: [fetchPage],
};

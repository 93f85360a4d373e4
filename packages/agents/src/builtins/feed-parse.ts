import { lookupTable } from '@spoke/shared';
import { convert } from 'html-to-text';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ToolError } from './tool.ts';

export type FeedFormat = 'rss2' | 'atom' | 'rdf';

export type FeedItem = {
  id: string | null;
  title: string;
  link: string | null;
  /** ISO 8601, or null when the feed gives no usable date. */
  published: string | null;
  /** Plain text, at most {@link SUMMARY_CHARS} characters. */
  summary: string;
};

export type Feed = { format: FeedFormat; title: string; link: string | null; items: FeedItem[] };

export const SUMMARY_CHARS = 500;

type Node = unknown;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'entry', 'link'].includes(name),
  // Atom text constructs may hold XHTML markup; kept raw so its text keeps its order.
  stopNodes: ['feed.entry.content', 'feed.entry.summary'],
});

/** Looked up by the feed's entity names: `&constructor;` is unknown, not Object's own. */
const XML_ENTITIES = lookupTable({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" });

function decodeXmlText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
            if (name.startsWith('#x') || name.startsWith('#X')) {
              return String.fromCodePoint(parseInt(name.slice(2), 16));
            }
            if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
            return XML_ENTITIES[name] ?? whole;
          }),
    )
    .join('');
}

/** The HTML of an Atom text construct kept raw by the parser. */
function atomHtml(node: Node): string {
  const raw = text(node);
  return text(field(node, '@_type')) === 'xhtml' ? raw : decodeXmlText(raw);
}

function field(node: Node, name: string): Node {
  return node && typeof node === 'object' && !Array.isArray(node)
    ? (node as Record<string, Node>)[name]
    : undefined;
}

/** The text of an element: its own text, or the text of everything inside it (XHTML content). */
function text(node: Node): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
    return String(node);
  }
  if (Array.isArray(node)) return node.map(text).find((t) => t) ?? '';
  const own = (node as Record<string, Node>)['#text'];
  if (own !== undefined) return text(own);
  return Object.entries(node as Record<string, Node>)
    .filter(([key]) => !key.startsWith('@_'))
    .map(([, value]) => text(value))
    .join(' ');
}

function plain(html: string): string {
  const flat = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  })
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS - 1)}…` : flat;
}

function isoDate(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function absolute(href: string, base: string): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** The first plain-text <link> (RSS), skipping atom:link elements that carry only attributes. */
function rssLink(node: Node, base: string): string | null {
  const links = field(node, 'link');
  const list = Array.isArray(links) ? links : [links];
  const found = list.find((l) => typeof l === 'string' && l.trim());
  return absolute(typeof found === 'string' ? found.trim() : '', base);
}

function atomLink(node: Node, base: string): string | null {
  const links = (field(node, 'link') as Node[] | undefined) ?? [];
  const rel = (l: Node) => text(field(l, '@_rel')) || 'alternate';
  const chosen = links.find((l) => rel(l) === 'alternate') ?? links[0];
  return absolute(text(field(chosen, '@_href')), base);
}

function rssItem(item: Node, base: string): FeedItem {
  const guid = field(item, 'guid');
  const permalink = text(field(guid, '@_isPermaLink')) !== 'false' ? text(guid) : '';
  return {
    id: text(guid) || null,
    title: plain(text(field(item, 'title'))),
    link: rssLink(item, base) ?? absolute(permalink, base),
    published: isoDate(text(field(item, 'pubDate')) || text(field(item, 'date'))),
    summary: plain(text(field(item, 'description')) || text(field(item, 'encoded'))),
  };
}

function atomEntry(entry: Node, base: string): FeedItem {
  return {
    id: text(field(entry, 'id')) || null,
    title: plain(text(field(entry, 'title'))),
    link: atomLink(entry, base),
    published: isoDate(text(field(entry, 'published')) || text(field(entry, 'updated'))),
    summary: plain(atomHtml(field(entry, 'summary')) || atomHtml(field(entry, 'content'))),
  };
}

function list(node: Node): Node[] {
  return Array.isArray(node) ? node : node === undefined ? [] : [node];
}

/** Parses RSS 2.0, Atom 1.0 or RSS 1.0 (RDF); `base` resolves relative links. */
export function parseFeed(xml: string, base: string): Feed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ToolError(`the feed is not valid XML: ${valid.err.msg} (line ${valid.err.line})`);
  }
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new ToolError(`the feed could not be read: ${(error as Error).message}`);
  }
  const rss = field(doc, 'rss');
  if (rss !== undefined) {
    const channel = field(rss, 'channel');
    return {
      format: 'rss2',
      title: plain(text(field(channel, 'title'))),
      link: rssLink(channel, base),
      items: list(field(channel, 'item')).map((item) => rssItem(item, base)),
    };
  }
  const atom = field(doc, 'feed');
  if (atom !== undefined) {
    return {
      format: 'atom',
      title: plain(text(field(atom, 'title'))),
      link: atomLink(atom, base),
      items: list(field(atom, 'entry')).map((entry) => atomEntry(entry, base)),
    };
  }
  const rdf = field(doc, 'RDF');
  if (rdf !== undefined) {
    const channel = field(rdf, 'channel');
    return {
      format: 'rdf',
      title: plain(text(field(channel, 'title'))),
      link: rssLink(channel, base),
      items: list(field(rdf, 'item')).map((item) => rssItem(item, base)),
    };
  }
  throw new ToolError('this is XML but not an RSS, Atom or RDF feed');
}

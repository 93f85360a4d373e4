import { z } from 'zod';
import { parseFeed } from './feed-parse.ts';
import { contentType, decodeText } from './http-body.ts';
import { guardedFetch } from './net-guard.ts';
import { defineTool, jsonResult, ToolError, type BuiltinServerDefinition } from './tool.ts';

/** Largest feed read, in bytes. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/** The encoding an XML declaration names, for feeds served without a charset. */
function xmlEncoding(body: Buffer): string | undefined {
  const head = body.subarray(0, 200).toString('latin1');
  return /^<\?xml[^>]*encoding=["']([\w.-]+)["']/.exec(head)?.[1];
}

const readFeed = defineTool({
  name: 'read_feed',
  title: 'Read an RSS or Atom feed',
  description:
    'Read a news feed (RSS 2.0, Atom 1.0 or RSS 1.0/RDF) from a public URL and return its ' +
    'newest items: title, link, published time (ISO 8601, UTC) and a plain-text summary. Pass ' +
    '`since` with the time of your last check to get only newer items (items without a date are ' +
    'then left out).',
  input: {
    url: z.string().min(1).max(4096).describe('Absolute http:// or https:// URL of the feed.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .describe('Most items to return, in feed order. Default 20.'),
    since: z
      .string()
      .optional()
      .describe('Only items published after this time, ISO 8601, e.g. 2025-01-31T08:00:00Z.'),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run(args, ctx, signal) {
    let since: number | undefined;
    if (args.since !== undefined) {
      since = Date.parse(args.since);
      if (Number.isNaN(since)) {
        throw new ToolError(`since is not a date: ${args.since} (use ISO 8601, e.g. 2025-01-31)`);
      }
    }
    const res = await guardedFetch(
      {
        url: args.url,
        headers: {
          Accept:
            'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        },
        maxBytes: FEED_MAX_BYTES,
        signal,
      },
      ctx.network,
    );
    if (res.status >= 400) {
      throw new ToolError(`the feed answered ${res.status} ${res.statusText}`.trim());
    }
    if (res.truncated) {
      throw new ToolError(`the feed is larger than ${FEED_MAX_BYTES / 1024 / 1024} MiB`);
    }
    const { charset } = contentType(res.headers);
    const feed = parseFeed(decodeText(res.body, charset ?? xmlEncoding(res.body)), res.url);
    const fresh =
      since === undefined
        ? feed.items
        : feed.items.filter((item) => item.published && Date.parse(item.published) > since);
    const items = fresh.slice(0, args.limit);
    const result = {
      feed: { title: feed.title, link: feed.link, format: feed.format, url: res.url },
      items,
      count: items.length,
      total_in_feed: feed.items.length,
    };
    const summary = `${feed.title || res.url}: ${items.length} item${items.length === 1 ? '' : 's'}`;
    return jsonResult(result, summary);
  },
});

export const rssServer: BuiltinServerDefinition = {
  title: 'RSS and Atom reader',
  instructions: 'Reads RSS and Atom feeds. Use read_feed with `since` to get only new items.',
  tools: [readFeed],
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  dataOf,
  localServer,
  testContext,
  textOf,
  type LocalServer,
} from './test-support.ts';

const RSS2 = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Ops &amp; News</title>
  <link>https://news.example.com/</link>
  <atom:link href="https://news.example.com/feed.xml" rel="self" type="application/rss+xml"/>
  <item>
    <title>Outage resolved</title>
    <link>https://news.example.com/outage</link>
    <guid isPermaLink="false">id-3</guid>
    <pubDate>Tue, 04 Mar 2025 10:00:00 +0100</pubDate>
    <description><![CDATA[<p>All <b>systems</b> are back.</p>]]></description>
  </item>
  <item>
    <title>Maintenance window</title>
    <guid>https://news.example.com/maintenance</guid>
    <pubDate>Mon, 03 Mar 2025 08:00:00 GMT</pubDate>
    <content:encoded><![CDATA[Tonight from <i>22:00</i>.]]></content:encoded>
  </item>
  <item>
    <title>Undated note</title>
    <link>/notes/1</link>
    <description>Relative link, no date.</description>
  </item>
</channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Engineering blog</title>
  <link rel="self" href="https://blog.example.com/atom.xml"/>
  <link href="https://blog.example.com/"/>
  <updated>2025-03-05T12:00:00Z</updated>
  <id>urn:uuid:blog</id>
  <entry>
    <title type="html">Shipping &lt;em&gt;faster&lt;/em&gt;</title>
    <link rel="alternate" href="/posts/faster"/>
    <link rel="edit" href="/edit/faster"/>
    <id>urn:uuid:faster</id>
    <published>2025-03-05T09:30:00+01:00</published>
    <updated>2025-03-05T12:00:00Z</updated>
    <summary type="html">&lt;p&gt;How we cut build times.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title>Only updated</title>
    <link href="https://blog.example.com/posts/updated"/>
    <id>urn:uuid:updated</id>
    <updated>2025-02-01T00:00:00Z</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Inline <b>XHTML</b> body</p></div></content>
  </entry>
</feed>`;

/** Entities XML does not define, some named like Object's members: they stay as written. */
const ENTITIES = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Entities</title>
  <entry>
    <title>Odd entities</title>
    <id>urn:uuid:odd</id>
    <updated>2025-03-05T12:00:00Z</updated>
    <summary>&unknown; &constructor; &toString; &__proto__; &hasOwnProperty;</summary>
  </entry>
</feed>`;

const RDF = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://old.example.com/">
    <title>Old school</title>
    <link>https://old.example.com/</link>
    <description>An RSS 1.0 feed</description>
    <items><rdf:Seq><rdf:li resource="https://old.example.com/a"/></rdf:Seq></items>
  </channel>
  <item rdf:about="https://old.example.com/a">
    <title>First RDF item</title>
    <link>https://old.example.com/a</link>
    <dc:date>2025-01-15T07:00:00Z</dc:date>
    <description>Hello from RDF.</description>
  </item>
</rdf:RDF>`;

type FeedResult = {
  feed: { title: string; link: string | null; format: string; url: string };
  items: {
    id: string | null;
    title: string;
    link: string | null;
    published: string | null;
    summary: string;
  }[];
  count: number;
  total_in_feed: number;
};

describe('read_feed', () => {
  let site: LocalServer;
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    site = await localServer((req, res) => {
      const feeds: Record<string, [string, string]> = {
        '/rss': ['application/rss+xml', RSS2],
        '/atom': ['application/atom+xml; charset=utf-8', ATOM],
        '/rdf': ['application/rdf+xml', RDF],
        '/entities': ['application/atom+xml', ENTITIES],
        '/broken': ['application/xml', '<rss><channel><title>x</channel></rss>'],
        '/html': ['text/html', '<html><body>no feed</body></html>'],
      };
      const feed = feeds[req.url ?? ''];
      if (feed) res.setHeader('content-type', feed[0]).end(feed[1]);
      else res.writeHead(500).end();
    });
    mcp = await connect('rss', testContext({ network: { allowPrivateNetworks: true } }).ctx);
  });

  afterAll(async () => {
    await mcp.close();
    await site.close();
  });

  it('reads RSS 2.0', async () => {
    const result = await mcp.call('read_feed', { url: `${site.url}/rss` });
    const data = dataOf<FeedResult>(result);
    expect(data.feed).toMatchObject({
      title: 'Ops & News',
      link: 'https://news.example.com/',
      format: 'rss2',
    });
    expect(data.items).toEqual([
      {
        id: 'id-3',
        title: 'Outage resolved',
        link: 'https://news.example.com/outage',
        published: '2025-03-04T09:00:00.000Z',
        summary: 'All systems are back.',
      },
      {
        id: 'https://news.example.com/maintenance',
        title: 'Maintenance window',
        link: 'https://news.example.com/maintenance',
        published: '2025-03-03T08:00:00.000Z',
        summary: 'Tonight from 22:00.',
      },
      {
        id: null,
        title: 'Undated note',
        link: `${site.url}/notes/1`,
        published: null,
        summary: 'Relative link, no date.',
      },
    ]);
    expect(textOf(result)).toMatch(/^Ops & News: 3 items/);
  });

  it('reads Atom 1.0', async () => {
    const data = dataOf<FeedResult>(await mcp.call('read_feed', { url: `${site.url}/atom` }));
    expect(data.feed).toMatchObject({
      title: 'Engineering blog',
      link: 'https://blog.example.com/',
      format: 'atom',
    });
    expect(data.items).toEqual([
      {
        id: 'urn:uuid:faster',
        title: 'Shipping faster',
        link: `${site.url}/posts/faster`,
        published: '2025-03-05T08:30:00.000Z',
        summary: 'How we cut build times.',
      },
      {
        id: 'urn:uuid:updated',
        title: 'Only updated',
        link: 'https://blog.example.com/posts/updated',
        published: '2025-02-01T00:00:00.000Z',
        summary: 'Inline XHTML body',
      },
    ]);
  });

  it("keeps an entity XML does not define, even one named like Object's members", async () => {
    const data = dataOf<FeedResult>(await mcp.call('read_feed', { url: `${site.url}/entities` }));
    expect(data.items.map((i) => i.summary)).toEqual([
      '&unknown; &constructor; &toString; &__proto__; &hasOwnProperty;',
    ]);
  });

  it('reads RSS 1.0 (RDF)', async () => {
    const data = dataOf<FeedResult>(await mcp.call('read_feed', { url: `${site.url}/rdf` }));
    expect(data.feed).toMatchObject({ title: 'Old school', format: 'rdf' });
    expect(data.items).toEqual([
      {
        id: null,
        title: 'First RDF item',
        link: 'https://old.example.com/a',
        published: '2025-01-15T07:00:00.000Z',
        summary: 'Hello from RDF.',
      },
    ]);
  });

  it('keeps only items after `since` and at most `limit`', async () => {
    const newer = dataOf<FeedResult>(
      await mcp.call('read_feed', { url: `${site.url}/rss`, since: '2025-03-03T12:00:00Z' }),
    );
    expect(newer.items.map((i) => i.title)).toEqual(['Outage resolved']);
    const one = dataOf<FeedResult>(
      await mcp.call('read_feed', { url: `${site.url}/atom`, limit: 1 }),
    );
    expect(one).toMatchObject({ count: 1, total_in_feed: 2 });
  });

  it('fails clearly for bad dates, broken XML, pages that are not feeds and server errors', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ url: `${site.url}/rss`, since: 'last tuesday' }, 'since is not a date: last tuesday'],
      [{ url: `${site.url}/broken` }, /^the feed is not valid XML: .+ \(line 1\)$/],
      [{ url: `${site.url}/html` }, 'this is XML but not an RSS, Atom or RDF feed'],
      [{ url: `${site.url}/missing` }, 'the feed answered 500 Internal Server Error'],
    ];
    for (const [args, message] of cases) {
      const result = await mcp.call('read_feed', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    }
    const guarded = await connect('rss', testContext().ctx);
    const refused = await guarded.call('read_feed', { url: `${site.url}/rss` });
    expect(textOf(refused)).toBe('refused: 127.0.0.1 is a loopback address');
    await guarded.close();
  });
});

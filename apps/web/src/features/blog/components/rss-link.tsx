import { Rss } from 'lucide-react';
import { useEffect } from 'react';

export const RSS_PATH = '/blog/rss.xml';

/** Lets feed readers and browser extensions find the feed from any blog page. */
export function useRssAlternate(): void {
  useEffect(() => {
    if (document.head.querySelector(`link[rel="alternate"][href="${RSS_PATH}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/rss+xml';
    link.title = 'Spoke Blog';
    link.href = RSS_PATH;
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/** The feed is a file the server answers, so this is a plain link, not an app route. */
export function RssLink() {
  return (
    <a
      href={RSS_PATH}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 transition hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <Rss aria-hidden="true" className="size-4 text-orange-600" />
      RSS feed
    </a>
  );
}

import { OFFICIAL_META_KEY, SPOKE_META_KEY, type RegistryEntry } from '@spoke/shared';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { textLink } from '#web/components/button-styles.ts';
import { formatDate, formatDownloads, safeHttpUrl } from '../format.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${textLink} break-all`}>
      {children}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** License, links, category and dates of one version. */
export function ServerFacts({ entry }: { entry: RegistryEntry }) {
  const { server } = entry;
  const official = entry._meta[OFFICIAL_META_KEY];
  const spoke = entry._meta[SPOKE_META_KEY];
  const repository = safeHttpUrl(server.repository?.url);
  const website = safeHttpUrl(server.websiteUrl);
  return (
    <dl className="divide-y divide-slate-200 text-sm">
      <Row term="License">{spoke.license ?? 'Not stated'}</Row>
      <Row term="Repository">
        {repository ? (
          <External href={repository}>
            {repository.replace(/^https?:\/\//, '')}
            {server.repository?.subfolder && ` (${server.repository.subfolder})`}
          </External>
        ) : (
          (server.repository?.url ?? 'Not stated')
        )}
      </Row>
      {server.websiteUrl && (
        <Row term="Website">
          {website ? (
            <External href={website}>{website.replace(/^https?:\/\//, '')}</External>
          ) : (
            server.websiteUrl
          )}
        </Row>
      )}
      <Row term="Category">{spoke.category ?? 'None'}</Row>
      {spoke.downloadCount > 0 && (
        <Row term="Downloads">{formatDownloads(spoke.downloadCount)}</Row>
      )}
      <Row term="Published">
        <time dateTime={official.publishedAt}>{formatDate(official.publishedAt)}</time>
      </Row>
      <Row term="Updated">
        <time dateTime={official.updatedAt}>{formatDate(official.updatedAt)}</time>
      </Row>
    </dl>
  );
}

import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { secondaryButton, textLink } from '#web/components/button-styles.ts';
import { IntegrationLogo } from '#web/components/integration-logo.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { isApiError } from '#web/lib/api/api-error.ts';
import { useRegistryServer } from '../api/registry.ts';
import { RetryError } from '#web/components/retry-error.tsx';
import { ServerDetail } from '../components/server-detail.tsx';

function backSearch(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('?') ? from : '';
}

/** One server of the registry, at `/app/workspace/registry/<name>[?version=<version>]`. */
export function Component() {
  const name = useParams()['*'] ?? '';
  const [params] = useSearchParams();
  const version = params.get('version');
  const location = useLocation();
  const back = `/app/workspace/registry${backSearch(location.state)}`;
  const entry = useRegistryServer(name, version);
  // Named as people call it ("GitHub"), with the registry's id under it, once it is known.
  const title = entry.data?.server.title?.trim() || null;
  usePageTitle(`${title ?? name} · Registry`);

  let body;
  if (entry.isPending) body = <PageLoading />;
  else if (entry.isError && isApiError(entry.error) && entry.error.status === 404) {
    body = (
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <p className="text-slate-700">
          {version
            ? `The registry has no version ${version} of this server.`
            : 'The registry has no server by this name.'}
        </p>
        <Link to={back} className={`${secondaryButton} mt-4`}>
          Back to the registry
        </Link>
      </div>
    );
  } else if (entry.isError) {
    body = (
      <div className="mt-6">
        <RetryError message={entry.error.message} onRetry={() => void entry.refetch()} />
      </div>
    );
  } else {
    body = <ServerDetail entry={entry.data} />;
  }

  return (
    <div className={`${CONTENT_WIDTH} py-10`}>
      <Link to={back} className={`${textLink} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Registry
      </Link>
      {/* The heading keeps its shape while the server loads: title over id, beside the logo. */}
      <div className="mt-3 flex items-start gap-4">
        <IntegrationLogo id={name} name={title ?? name} size="lg" className="mt-0.5" />
        <div className="min-w-0 flex-1">
          {entry.isPending ? (
            <>
              <h1 className="sr-only">{name}</h1>
              <div aria-hidden="true" className="flex h-8 items-center sm:h-9">
                <div className="h-6 w-48 max-w-full animate-pulse rounded bg-slate-200" />
              </div>
              <div aria-hidden="true" className="mt-1 h-5" />
            </>
          ) : title ? (
            <>
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
                {title}
              </h1>
              <p className="mt-1 font-mono text-sm break-all text-slate-600">{name}</p>
            </>
          ) : (
            <h1 className="font-mono text-2xl font-bold tracking-tight break-all text-slate-900 sm:text-3xl">
              {name}
            </h1>
          )}
        </div>
      </div>
      <div className="min-h-[60vh]">{body}</div>
    </div>
  );
}

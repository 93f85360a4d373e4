import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { primaryButton, secondaryButton } from '../components/button-styles.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { isChunkLoadError, isReloadingForChunk } from './chunk-reload.ts';

/** Error boundary of a route subtree: a screen that failed to load or to render lands here. */
export function RouteError() {
  const error = useRouteError();
  if (isReloadingForChunk()) return <PageLoading />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorMessage title="Page not found" text="The page you are looking for does not exist." />
    );
  }
  if (isChunkLoadError(error)) {
    // The automatic reload already happened (or could not): let the user try when ready.
    return (
      <ErrorMessage
        title="This page could not be loaded"
        text="Part of the page failed to download, perhaps because of the connection or a new release. Please try again."
        retry
      />
    );
  }
  return (
    <ErrorMessage
      title="Something went wrong"
      text="This page could not be shown. Trying again usually helps; if not, please come back later."
      retry
    />
  );
}

function ErrorMessage({
  title,
  text,
  retry = false,
}: {
  title: string;
  text: string;
  retry?: boolean;
}) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry && (
          // A fresh load fetches the current files and runs the screen from a clean state.
          <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
            Retry
          </button>
        )}
        <Link to="/" className={retry ? secondaryButton : primaryButton}>
          Go home
        </Link>
      </div>
    </div>
  );
}

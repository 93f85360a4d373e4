import { CLIENT_ERROR_MESSAGES } from '@spoke/shared';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { primaryButton, secondaryButton } from '../components/button-styles.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { usePageTitle } from '../components/layout/use-page-title.ts';
import { isChunkLoadError, retryPage, useRecovery } from './chunk-reload.ts';

/** Error boundary of a route subtree: a screen that failed to load or to render lands here. */
export function RouteError() {
  const error = useRouteError();
  const recovery = useRecovery();
  // The page may be about to reload with the files of a new release.
  if (recovery === 'checking' || recovery === 'reloading') return <PageLoading />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorMessage title="Page not found" text="The page you are looking for does not exist." />
    );
  }
  const retry = { busy: recovery === 'retrying' };
  if (recovery === 'unreachable') {
    // Reloading now would replace the app with the browser's own error page.
    return (
      <ErrorMessage
        title={isChunkLoadError(error) ? 'This page could not be loaded' : 'Something went wrong'}
        text={CLIENT_ERROR_MESSAGES.CONNECTION_ERROR}
        retry={retry}
      />
    );
  }
  if (isChunkLoadError(error)) {
    // The automatic reload already happened (or could not): let the user try when ready.
    return (
      <ErrorMessage
        title="This page could not be loaded"
        text="Part of the page failed to download, perhaps because of the connection or a new release. Please try again."
        retry={retry}
      />
    );
  }
  return (
    <ErrorMessage
      title="Something went wrong"
      text="This page could not be shown. Trying again usually helps; if not, please come back later."
      retry={retry}
    />
  );
}

function ErrorMessage({
  title,
  text,
  retry,
}: {
  title: string;
  text: string;
  retry?: { busy: boolean };
}) {
  usePageTitle(title);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {retry && (
          // A fresh load fetches the current files and runs the screen from a clean state; it
          // waits until the server answers.
          <button
            type="button"
            className={primaryButton}
            disabled={retry.busy}
            aria-busy={retry.busy}
            onClick={() => void retryPage()}
          >
            {retry.busy ? 'Retrying...' : 'Retry'}
          </button>
        )}
        <Link to="/" className={retry ? secondaryButton : primaryButton}>
          Go home
        </Link>
      </div>
    </div>
  );
}

import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { primaryButton, secondaryButton } from '../components/button-styles.ts';

/** Error boundary of the route tree: a screen that failed to load or to render lands here. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorMessage title="Page not found" text="The page you are looking for does not exist." />
    );
  }
  // Usually a lazily loaded screen whose file a newer release replaced: a reload fetches the
  // current files.
  return (
    <ErrorMessage
      title="Something went wrong"
      text="This page could not be shown. Reloading usually helps; if not, please try again later."
      reload
    />
  );
}

function ErrorMessage({
  title,
  text,
  reload = false,
}: {
  title: string;
  text: string;
  reload?: boolean;
}) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <div className="mt-6 flex justify-center gap-3">
        {reload && (
          <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
        <Link to="/" className={reload ? secondaryButton : primaryButton}>
          Go home
        </Link>
      </div>
    </div>
  );
}

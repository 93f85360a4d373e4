import { Spinner } from './spinner.tsx';

/**
 * Full-area placeholder while the session or a screen is loading. With `screen`, the page itself
 * is what is loading: the layout holds the footer back until it arrives, so that the footer
 * does not show up under the placeholder and then jump down.
 */
export function PageLoading({ screen = false }: { screen?: boolean }) {
  return (
    <div
      role="status"
      data-screen-loading={screen ? '' : undefined}
      className="flex min-h-[40vh] items-center justify-center gap-2 text-slate-600"
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}

/** The placeholder of a whole screen, for route fallbacks. */
export function ScreenLoading() {
  return <PageLoading screen />;
}

import { Spinner } from './spinner.tsx';

/** Full-area placeholder while the session or a screen is loading. */
export function PageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-[40vh] items-center justify-center gap-2 text-slate-600"
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}

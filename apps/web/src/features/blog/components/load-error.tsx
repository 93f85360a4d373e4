import { RefreshCw } from 'lucide-react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { isApiError } from '#web/lib/api/api-error.ts';

/** A failed load: what went wrong, in the catalogue's words, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  titleAs: Title = 'h2',
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** h1 when the failure is all the page has to show. */
  titleAs?: 'h1' | 'h2';
}) {
  const message = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <Title className="font-semibold">{title}</Title>
      <p className="mt-1 text-sm">{message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-4`}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Try again
      </button>
    </div>
  );
}

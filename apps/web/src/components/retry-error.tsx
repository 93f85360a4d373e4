import { Alert } from './alert.tsx';
import { secondaryButton } from './button-styles.ts';

/** A failed load: the reason, and a way to ask again. */
export function RetryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert>{message}</Alert>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

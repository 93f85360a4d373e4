import type { ReactNode } from 'react';
import { primaryButton } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

/**
 * A form's submit button that shows its work: a spinner and `pendingLabel` while `pending`.
 * aria-disabled rather than disabled, so the pressed button keeps focus; a form ignores a submit
 * while pending itself.
 */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  className = primaryButton,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`${className} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
      aria-disabled={pending}
    >
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  );
}

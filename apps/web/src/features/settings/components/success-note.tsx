import { CheckCircle2 } from 'lucide-react';

/** A confirmation announced to screen readers without taking focus. */
export function SuccessNote({ message }: { message: string | null }) {
  return (
    <p role="status" className="flex min-h-5 items-center gap-1.5 text-sm text-green-800">
      {message && (
        <>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {message}
        </>
      )}
    </p>
  );
}

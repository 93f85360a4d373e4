import { ArrowRight } from 'lucide-react';
import { FieldErrorsAlert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { Button } from '#web/components/ui/button.tsx';

/** What a new description would change, one line each, with the choice to apply it. */
export function DescriptionPreview({
  headingId,
  changes,
  wordingChanged,
  applying,
  error,
  onApply,
  onCancel,
}: {
  headingId: string;
  changes: readonly string[];
  /** Whether the description differs from the saved one, so there is still something to save. */
  wordingChanged: boolean;
  applying: boolean;
  error: ApiError | null;
  onApply: () => void;
  onCancel: () => void;
}) {
  const none = changes.length === 0;
  const otherErrors = Object.entries(error?.fields ?? {});
  return (
    <div className="mt-4 rounded-xl border border-blue-200 bg-blue-50/50 p-4">
      <h3
        id={headingId}
        tabIndex={-1}
        className="text-sm font-semibold text-slate-900 focus:outline-none"
      >
        {none ? 'No changes' : 'What would change'}
      </h3>
      {none ? (
        <p className="mt-2 text-sm text-slate-700">
          The new description gives the same spec and plan as now.
          {wordingChanged && ' You can still save it as the agent’s description.'}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 space-y-2 text-sm text-slate-800">
          {changes.map((line, index) => (
            <li key={index} className="flex items-start gap-2">
              <ArrowRight aria-hidden="true" className="mt-1 size-3.5 shrink-0 text-blue-700" />
              <span className="min-w-0 break-words">{line}</span>
            </li>
          ))}
        </ul>
      )}
      {(!none || wordingChanged) && (
        <p className="mt-3 text-xs text-slate-600">
          Nothing is saved until you apply. Edits you made to the spec or plan by hand are replaced.
        </p>
      )}
      {error && (
        <div className="mt-3">
          <FieldErrorsAlert message={error.message} fields={otherErrors} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {(!none || wordingChanged) && (
          <Button keepFocus pending={applying} pendingLabel="Applying..." onClick={onApply}>
            {none ? 'Save description' : 'Apply changes'}
          </Button>
        )}
        <button type="button" className={secondaryButton} disabled={applying} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { errorClass, hintClass } from '../spec-form/field-styles.ts';

export interface PlanControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

/** The required mark: a star to see, words to hear. */
export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

/**
 * A label, a control, its help and its error, with an id known in advance so that the error
 * summary can move focus to it. `aside` sits at the end of the label's line.
 */
export function PlanField({
  id,
  label,
  required = false,
  hint,
  error,
  aside,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  aside?: ReactNode;
  className?: string;
  children: (control: PlanControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`min-w-0 ${className ?? ''}`}>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
          {required && <RequiredMark />}
        </label>
        {aside}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
        'aria-required': required ? true : undefined,
      })}
      {error && (
        <p id={errorId} className={`${errorClass} wrap-anywhere`}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={`${hintClass} wrap-anywhere`}>
          {hint}
        </p>
      )}
    </div>
  );
}

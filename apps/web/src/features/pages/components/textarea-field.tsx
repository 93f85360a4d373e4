import { useId, type TextareaHTMLAttributes } from 'react';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  value: string;
  min: number;
  max: number;
  error?: string | undefined;
}

/** A labelled textarea with a live character count against its limits. */
export function TextareaField({ label, value, min, max, error, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const length = value.trim().length;
  const over = length > max;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        className="block min-h-40 w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm leading-6 shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none aria-invalid:border-red-500"
        {...textarea}
      />
      <div className="mt-1 flex items-start justify-between gap-4 text-sm">
        <p id={errorId} className="text-red-700">
          {error}
        </p>
        <p
          id={countId}
          className={`shrink-0 tabular-nums ${over ? 'font-medium text-red-700' : 'text-slate-600'}`}
        >
          {length < min ? `${length} / ${max} (at least ${min})` : `${length} / ${max}`}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
} as const;

export function Alert({
  tone = 'error',
  role = 'alert',
  children,
}: {
  tone?: keyof typeof tones;
  /** `status` for news that may wait until the reader is done (said politely). */
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div role={role} className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** A refused save: the server's message, and each field error no field on the page shows. */
export function FieldErrorsAlert({
  message,
  fields,
}: {
  message: string;
  /** `[field path, message]` pairs. */
  fields: readonly (readonly [string, string])[];
}) {
  return (
    <Alert>
      {message}
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map(([key, text]) => (
            <li key={key}>
              <code className="font-mono">{key}</code>: {text}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

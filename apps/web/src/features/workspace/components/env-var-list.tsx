import { Lock } from 'lucide-react';

export interface EnvVar {
  name: string;
  description?: string | undefined;
  isRequired?: boolean | undefined;
  isSecret?: boolean | undefined;
  format?: string | undefined;
  default?: string | undefined;
}

const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** Environment variables or headers, each marked required or optional, and secret. */
export function EnvVarList({ vars, label }: { vars: EnvVar[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {vars.map((variable) => (
        <li key={variable.name} className="px-3 py-2.5">
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm font-semibold break-all text-slate-900">
              {variable.name}
            </code>
            {variable.isRequired ? (
              <span className={`${chip} bg-slate-800 text-white`}>Required</span>
            ) : (
              <span className={`${chip} bg-slate-100 text-slate-700`}>Optional</span>
            )}
            {variable.isSecret && (
              <span
                className={`${chip} bg-purple-50 text-purple-800 ring-1 ring-purple-300 ring-inset`}
              >
                <Lock aria-hidden="true" className="size-3" />
                Secret
              </span>
            )}
          </p>
          {variable.description && (
            <p className="mt-1 text-sm text-slate-700">{variable.description}</p>
          )}
          {(variable.default !== undefined || variable.format) && (
            <p className="mt-1 text-xs text-slate-600">
              {variable.format && <>Format: {variable.format}</>}
              {variable.format && variable.default !== undefined && ' · '}
              {variable.default !== undefined && (
                <>
                  Default: <code className="font-mono">{variable.default}</code>
                </>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A value as text: strings as written, anything else as indented JSON. Never as HTML. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function JsonText({
  label,
  value,
  tone = 'plain',
}: {
  label: string;
  value: unknown;
  tone?: 'plain' | 'error';
}) {
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <pre
        className={`mt-1 max-h-80 overflow-auto rounded-lg px-3 py-2 font-mono text-xs leading-5 whitespace-pre-wrap break-words ${
          tone === 'error' ? 'bg-red-50 text-red-900' : 'bg-slate-900 text-slate-100'
        }`}
      >
        {toText(value)}
      </pre>
    </div>
  );
}

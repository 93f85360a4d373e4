import { Fragment } from 'react';
import { CopyButton } from '#web/components/ui/copy-button.tsx';

/**
 * A one-line shell command with a copy button. A long command wraps rather than scrolls, so all
 * of it stays readable on a phone: between words, else after a "/" or "@" of a server's name
 * ("dev.spoke.catalog/" | "github"), and only mid-word when nothing else fits.
 */
export function CommandSnippet({ command, label }: { command: string; label: string }) {
  // (Not after the "@" that opens a package's scope: "@spoke/cli".)
  const parts = command.split(/(?<=\/|[^\s/]@)/);
  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
      <code className="min-w-0 flex-1 font-mono text-sm break-words text-slate-900">
        <span aria-hidden="true" className="text-slate-500 select-none">
          ${' '}
        </span>
        {parts.map((part, k) => (
          <Fragment key={k}>
            {k > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </code>
      <CopyButton text={command} label={label} />
    </div>
  );
}

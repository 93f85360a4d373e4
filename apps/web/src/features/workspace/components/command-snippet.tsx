import { CopyButton } from '../../../components/copy-button.tsx';

/** A one-line shell command with a copy button. */
export function CommandSnippet({ command, label }: { command: string; label: string }) {
  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3">
      {/* A long command wraps rather than scrolls, so all of it stays readable on a phone. */}
      <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900">
        <span aria-hidden="true" className="text-slate-500 select-none">
          ${' '}
        </span>
        {command}
      </code>
      <CopyButton text={command} label={label} />
    </div>
  );
}

import { Check, Copy } from 'lucide-react';
import { type CopyState, useCopy } from '../lib/use-copy.ts';

const announcements: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Could not copy. Select the text and copy it by hand.',
};

/** Copies `text`; `label` names what is copied, e.g. "Copy install command". */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { state, copy } = useCopy(text);
  const copied = state === 'copied';
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={() => void copy()}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        {copied ? (
          <Check aria-hidden="true" className="size-3.5 text-emerald-600" />
        ) : (
          <Copy aria-hidden="true" className="size-3.5" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {announcements[state]}
      </span>
    </>
  );
}

import { Check, Copy } from 'lucide-react';
import { type CopyState, useCopy } from '../../lib/use-copy.ts';

/** How long the button reads 'Copied!' before it reverts. */
export { COPY_CONFIRMATION_MS } from '../../lib/use-copy.ts';

const announcements: Record<CopyState, string> = {
  idle: '',
  copied: 'Code copied to clipboard',
  failed: 'Could not copy the code. Select it and copy it by hand.',
};

export function CopyButton({ text }: { text: string }) {
  const { state, copy } = useCopy(text);
  const copied = state === 'copied';
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-200 transition hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-400"
      >
        {copied ? (
          <Check aria-hidden="true" className="size-3.5 text-emerald-400" />
        ) : (
          <Copy aria-hidden="true" className="size-3.5" />
        )}
        {copied ? 'Copied!' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {announcements[state]}
      </span>
    </>
  );
}

import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** How long the button reads 'Copied!' before it reverts. */
export const COPY_CONFIRMATION_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

const announcements: Record<CopyState, string> = {
  idle: '',
  copied: 'Code copied to clipboard',
  failed: 'Could not copy the code. Select it and copy it by hand.',
};

export function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  }

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

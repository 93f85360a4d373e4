import { Check, Copy } from 'lucide-react';
import { type CopyState, useCopy } from '#web/lib/use-copy.ts';

/** How long the button confirms a copy before it reverts. */
export { COPY_CONFIRMATION_MS } from '#web/lib/use-copy.ts';

const looks = {
  // Beside a value on a light card: the label names what is copied, since "Copy" alone is vague.
  field: {
    button:
      'inline-flex shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    check: 'size-3.5 text-emerald-600',
    copied: 'Copied',
    announcements: {
      idle: '',
      copied: 'Copied',
      failed: 'Could not copy. Select the text and copy it by hand.',
    },
  },
  // In a code block's dark toolbar, where the block itself says what is copied.
  code: {
    button:
      'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-200 transition hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-400',
    check: 'size-3.5 text-emerald-400',
    copied: 'Copied!',
    announcements: {
      idle: '',
      copied: 'Code copied to clipboard',
      failed: 'Could not copy the code. Select it and copy it by hand.',
    },
  },
} satisfies Record<
  string,
  { button: string; check: string; copied: string; announcements: Record<CopyState, string> }
>;

export type CopyButtonProps =
  /** `label` names what is copied, e.g. "Copy install command". */
  | { text: string; label: string; variant?: 'field' }
  | { text: string; label?: undefined; variant: 'code' };

/** Copies `text` on a click, reads as copied for a while and announces how it went. */
export function CopyButton({ text, label, variant = 'field' }: CopyButtonProps) {
  const { state, copy } = useCopy(text);
  const look = looks[variant];
  const copied = state === 'copied';
  return (
    <>
      <button type="button" aria-label={label} onClick={() => void copy()} className={look.button}>
        {copied ? (
          <Check aria-hidden="true" className={look.check} />
        ) : (
          <Copy aria-hidden="true" className="size-3.5" />
        )}
        {copied ? look.copied : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {look.announcements[state]}
      </span>
    </>
  );
}

import { PLAN_PLACEHOLDER } from '@spoke/shared';
import { Bot, GitBranch, Repeat, Sparkles, Wrench, type LucideIcon } from 'lucide-react';
import { KIND_LABELS, type StepKind } from './plan-words.ts';

const KIND_ICONS: Record<StepKind, LucideIcon> = {
  tool: Wrench,
  model: Sparkles,
  agent: Bot,
  if: GitBranch,
  for_each: Repeat,
};

const KIND_TONES: Record<StepKind, string> = {
  tool: 'bg-sky-50 text-sky-900 ring-sky-200',
  model: 'bg-violet-50 text-violet-900 ring-violet-200',
  agent: 'bg-violet-50 text-violet-900 ring-violet-200',
  if: 'bg-amber-50 text-amber-900 ring-amber-300',
  for_each: 'bg-teal-50 text-teal-900 ring-teal-200',
};

/** The kind of a step: an icon and its name. */
export function KindBadge({ kind }: { kind: StepKind }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${KIND_TONES[kind]}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {KIND_LABELS[kind]}
    </span>
  );
}

/** Marks a step that asks the language model, the one thing a plan may need one for. */
export function ModelBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-dashed border-violet-300 px-2 py-0.5 text-xs font-medium text-violet-800">
      Needs a language model
    </span>
  );
}

/** A reference, as a chip: `steps.fetch.body`. */
export function RefChip({ children }: { children: string }) {
  return (
    <code className="rounded bg-violet-50 px-1 py-px font-mono text-[0.85em] text-violet-900 ring-1 ring-violet-200 ring-inset wrap-anywhere">
      {children}
    </code>
  );
}

/** Text with its `{{…}}` placeholders shown as chips. */
export function TextWithRefs({ text }: { text: string }) {
  const parts: (string | { ref: string })[] = [];
  let from = 0;
  for (const match of text.matchAll(new RegExp(PLAN_PLACEHOLDER.source, 'g'))) {
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push({ ref: match[0] });
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return (
    <>
      {parts.map((part, at) =>
        typeof part === 'string' ? part : <RefChip key={at}>{part.ref}</RefChip>,
      )}
    </>
  );
}

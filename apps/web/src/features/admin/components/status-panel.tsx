import type { ShieldCheck } from 'lucide-react';

export type StatusTone = 'good' | 'warning' | 'danger';

const TONES: Record<StatusTone, string> = {
  good: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  danger: 'border-red-200 bg-red-50 text-red-900',
};

/** One fact about how this server runs, for its operators: a titled, coloured panel. */
export function StatusPanel({
  label,
  title,
  text,
  tone,
  Icon,
  ...data
}: {
  /** The region's accessible name. */
  label: string;
  title: string;
  text: string;
  tone: StatusTone;
  Icon: typeof ShieldCheck;
} & { [key: `data-${string}`]: string }) {
  return (
    <section
      aria-label={label}
      className={`flex gap-3 rounded-lg border p-4 ${TONES[tone]}`}
      {...data}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm break-words">{text}</p>
      </div>
    </section>
  );
}

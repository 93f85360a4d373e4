import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import { Spinner } from '#web/components/spinner.tsx';
import { runStatusLabel } from '../format.ts';

const tones: Record<string, string> = {
  queued: 'bg-slate-100 text-slate-700 ring-slate-300',
  running: 'bg-blue-50 text-blue-800 ring-blue-300',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  failed: 'bg-red-50 text-red-800 ring-red-300',
};

export function RunStatus({ status }: { status: string }) {
  const icon =
    status === 'running' ? (
      <Spinner className="size-3.5" />
    ) : status === 'succeeded' ? (
      <CircleCheck aria-hidden="true" className="size-3.5" />
    ) : status === 'failed' ? (
      <CircleX aria-hidden="true" className="size-3.5" />
    ) : (
      <CircleDashed aria-hidden="true" className="size-3.5" />
    );
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status] ?? tones.queued}`}
    >
      {icon}
      {runStatusLabel(status)}
    </span>
  );
}

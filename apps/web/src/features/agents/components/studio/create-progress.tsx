import { CREATE_PHASES, type CreatePhase } from '@spoke/shared';
import { Check, Circle } from 'lucide-react';
import { Spinner } from '#web/components/spinner.tsx';

export const PHASE_LABELS: Record<CreatePhase, string> = {
  understanding: 'Understanding your request',
  integrations: 'Choosing integrations',
  planning: 'Planning the steps',
  saving: 'Saving your agent',
};

/** The four steps of creating an agent; `current` is the phase the server is working on. */
export function CreateProgress({ current }: { current: number }) {
  return (
    <div className="mt-6 rounded-xl border border-blue-200 bg-blue-50/60 p-4">
      <ol aria-label="Creating your agent" className="space-y-2.5">
        {CREATE_PHASES.map((phase, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={phase}
              aria-current={active ? 'step' : undefined}
              className={`flex items-center gap-2.5 text-sm ${
                done ? 'text-slate-700' : active ? 'font-semibold text-blue-900' : 'text-slate-500'
              }`}
            >
              {done ? (
                <Check aria-hidden="true" className="size-4 text-emerald-600" />
              ) : active ? (
                <Spinner className="size-4 text-blue-700" />
              ) : (
                <Circle aria-hidden="true" className="size-4 text-slate-400" />
              )}
              {PHASE_LABELS[phase]}
              <span className="sr-only">
                {done ? ' (done)' : active ? ' (in progress)' : ' (waiting)'}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

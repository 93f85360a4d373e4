import { STEP_COUNT, type Step } from './wizard-values.ts';

const FILL: Record<Step, string> = { 1: 'w-1/3', 2: 'w-2/3', 3: 'w-full' };

export function WizardProgress({ step }: { step: Step }) {
  const text = `Step ${step} of ${STEP_COUNT}`;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">{text}</p>
      <div
        role="progressbar"
        aria-label="Registration progress"
        aria-valuemin={1}
        aria-valuemax={STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-blue-600 transition-[width] motion-reduce:transition-none ${FILL[step]}`}
        />
      </div>
    </div>
  );
}

import type { Run, RunStep } from '@spoke/shared';
import { Bot, GitBranch, Repeat, Wrench } from 'lucide-react';
import { Spinner } from '#web/components/spinner.tsx';
import { isInProgress, useRun } from '#web/features/agents/api/runs.ts';
import { formatCount, formatDuration } from '#web/features/agents/format.ts';
import { RetryError } from '#web/components/retry-error.tsx';
import { JsonText } from './json-text.tsx';

const KINDS = {
  model: { icon: Bot, label: 'Model' },
  tool: { icon: Wrench, label: 'Tool call' },
  decision: { icon: GitBranch, label: 'Decision' },
  loop: { icon: Repeat, label: 'Decision' },
} as const;

/** How a step is shown: a plan's loop tells what it goes over, other decisions what they found. */
function kindOf(step: RunStep): keyof typeof KINDS {
  if (step.type !== 'control') return step.type;
  return step.text?.startsWith('For each ') ? 'loop' : 'decision';
}

function StepItem({ step, position }: { step: RunStep; position: number }) {
  const tool = step.type === 'tool';
  const kind = kindOf(step);
  const { icon: Icon, label } = KINDS[kind];
  const control = step.type === 'control';
  return (
    <li
      className={`rounded-lg border p-3 ${control ? 'border-amber-200 bg-amber-50/60' : 'border-slate-200 bg-white'}`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <Icon
          aria-hidden="true"
          className={`size-3.5 ${control ? 'text-amber-700' : 'text-slate-500'}`}
        />
        <span className="font-semibold text-slate-800">
          Step {position} · {label}
        </span>
        {tool && step.tool && (
          <code className="font-mono text-xs font-semibold break-all text-slate-900">
            {step.tool}
          </code>
        )}
        {step.plan_step && (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
            Plan step{' '}
            <code className="font-mono font-semibold break-all text-slate-900">
              {step.plan_step}
            </code>
          </span>
        )}
        {!control && <span>{formatDuration(step.duration_ms)}</span>}
        {step.tokens && (
          <span>
            {formatCount(step.tokens.input)} in / {formatCount(step.tokens.output)} out tokens
          </span>
        )}
      </p>
      {!tool && step.text !== undefined && (
        <p className="mt-2 text-sm whitespace-pre-wrap break-words text-slate-800">{step.text}</p>
      )}
      {tool && (
        <>
          <JsonText label="Arguments" value={step.arguments ?? {}} />
          {step.error ? (
            <JsonText label="Error" value={step.error} tone="error" />
          ) : (
            step.result !== undefined && <JsonText label="Result" value={step.result} />
          )}
        </>
      )}
    </li>
  );
}

/** A run's steps, fetched when its row is opened and followed until the run ends. */
export function RunSteps({ runId }: { runId: string }) {
  const run = useRun(runId);
  if (run.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Loading steps...
      </p>
    );
  }
  if (run.isError) {
    return <RetryError message={run.error.message} onRetry={() => void run.refetch()} />;
  }
  return <StepList run={run.data} />;
}

function StepList({ run }: { run: Run }) {
  const steps = run.steps ?? [];
  const going = isInProgress(run);
  return (
    <div>
      {run.input !== null && run.input !== undefined && (
        <JsonText label="Input" value={run.input} />
      )}
      {steps.length === 0 && !going && (
        <p className="mt-2 text-sm text-slate-600">This run recorded no steps.</p>
      )}
      {steps.length > 0 && (
        <ol aria-label="Steps" className="mt-3 space-y-2">
          {/* Numbered by position: the list only grows, and indexes may repeat across phases. */}
          {steps.map((step, at) => (
            <StepItem key={at} step={step} position={at + 1} />
          ))}
        </ol>
      )}
      {going && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner />
          {run.status === 'queued'
            ? 'Waiting to start...'
            : 'Running: new steps appear here as they happen.'}
        </p>
      )}
    </div>
  );
}

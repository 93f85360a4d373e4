import type { DryRun, RunStep } from '@spoke/shared';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { JsonText } from './json-text.tsx';

/** What a run would do: the plan, the tools on offer and what is not connected yet. */
export function DryRunResult({ plan, onClose }: { plan: DryRun; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [plan]);
  return (
    <section
      aria-labelledby="dry-run-heading"
      className="mt-5 rounded-xl border border-blue-200 bg-blue-50/50 p-4 text-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id="dry-run-heading"
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus:outline-none"
        >
          Dry run: what a run would do
        </h3>
        <button
          type="button"
          aria-label="Close the dry run"
          onClick={onClose}
          className="rounded p-1 text-slate-600 hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p className="mt-1 text-slate-700">
        {plan.plan_run
          ? 'Tools that only read were called for real (each counts an integration credit); nothing was sent and the model was not asked.'
          : 'Nothing was executed or counted.'}{' '}
        {plan.model_configured
          ? 'A language model is configured, so the agent can run.'
          : 'No language model is configured yet, so real runs are refused.'}
      </p>
      {plan.missing_connections.length > 0 && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          Not connected yet: {plan.missing_connections.join(', ')}. Connect them under Integrations.
        </p>
      )}
      {plan.plan_run && <PlanRun run={plan.plan_run} />}
      <h4 className="mt-3 font-medium text-slate-900">Plan</h4>
      <ol aria-label="Planned steps" className="mt-1 list-decimal space-y-1 pl-5 text-slate-800">
        {plan.steps.map((step, index) => (
          <li key={index}>
            {step.text}
            {step.tools.length > 0 && (
              <span className="text-slate-600">
                {' '}
                — calls{' '}
                {step.tools.map((tool, at) => (
                  <span key={tool}>
                    {at > 0 && ', '}
                    <code className="font-mono text-xs">{tool}</code>
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ol>
      <h4 className="mt-3 font-medium text-slate-900">Tools the model would be given</h4>
      {plan.tools.length === 0 ? (
        <p className="mt-1 text-slate-700">None.</p>
      ) : (
        <ul aria-label="Tools" className="mt-1 space-y-1">
          {plan.tools.map((tool) => (
            <li key={tool.name}>
              <code className="font-mono text-xs font-semibold text-slate-900">{tool.name}</code>
              {tool.description && <span className="text-slate-700"> — {tool.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One step of a dry run: what was read, what would be sent, what the model would be asked. */
function DryStep({ step }: { step: RunStep }) {
  const label =
    step.type === 'control' ? 'Decision' : step.type === 'model' ? 'Language model' : step.tool;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        {step.plan_step && (
          <code className="font-mono font-semibold text-slate-900">{step.plan_step}</code>
        )}
        <span className="break-all">{label}</span>
        {step.type === 'tool' && !step.skipped && !step.error && (
          <span className="rounded bg-green-100 px-1.5 py-0.5 font-medium text-green-900">
            read for real
          </span>
        )}
        {step.skipped && (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-950">
            {step.type === 'tool' ? 'not sent' : 'not asked'}
          </span>
        )}
      </p>
      {step.skipped && <p className="mt-1 text-slate-700">{step.skipped}</p>}
      {step.text !== undefined && (
        <p className="mt-1 whitespace-pre-wrap text-slate-800">{step.text}</p>
      )}
      {step.type === 'tool' && (
        <>
          <JsonText
            label={step.skipped ? 'Would send' : 'Arguments'}
            value={step.arguments ?? {}}
          />
          {step.error ? (
            <JsonText label="Error" value={step.error} tone="error" />
          ) : (
            !step.skipped &&
            step.result !== undefined && <JsonText label="Result" value={step.result} />
          )}
        </>
      )}
    </li>
  );
}

function PlanRun({ run }: { run: NonNullable<DryRun['plan_run']> }) {
  return (
    <>
      <h4 className="mt-3 font-medium text-slate-900">Its plan, step by step</h4>
      {run.status === 'failed' && run.error && (
        <p className="mt-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-900">
          The dry run stopped: {run.error}
        </p>
      )}
      {run.steps.length === 0 ? (
        <p className="mt-1 text-slate-700">No step ran.</p>
      ) : (
        <ol aria-label="Dry run steps" className="mt-1 space-y-2">
          {run.steps.map((step, index) => (
            <DryStep key={index} step={step} />
          ))}
        </ol>
      )}
    </>
  );
}

import type { DryRun } from '@spoke/shared';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';

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
        Nothing was executed or counted.{' '}
        {plan.model_configured
          ? 'A language model is configured, so the agent can run.'
          : 'No language model is configured yet, so real runs are refused.'}
      </p>
      {plan.missing_connections.length > 0 && (
        <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          Not connected yet: {plan.missing_connections.join(', ')}. Connect them under Integrations.
        </p>
      )}
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

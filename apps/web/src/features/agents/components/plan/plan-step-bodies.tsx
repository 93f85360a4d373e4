import type { PlanStep } from '@spoke/shared';
import { RefChip, TextWithRefs } from './plan-badges.tsx';

/** An argument's value: text as written (references as chips), anything else as JSON. */
function ValueText({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <span className="whitespace-pre-wrap text-slate-900 wrap-anywhere">
        <TextWithRefs text={value} />
      </span>
    );
  }
  if (value === null || typeof value !== 'object') {
    return <code className="font-mono text-slate-900">{JSON.stringify(value)}</code>;
  }
  return (
    <pre className="max-h-60 overflow-auto rounded-md bg-slate-50 px-2 py-1 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-800 wrap-anywhere">
      <TextWithRefs text={JSON.stringify(value, null, 2)} />
    </pre>
  );
}

function Refs({ refs }: { refs: readonly string[] }) {
  return (
    <span className="inline-flex flex-wrap gap-1 align-middle">
      {refs.map((ref) => (
        <RefChip key={ref}>{ref}</RefChip>
      ))}
    </span>
  );
}

export function ToolBody({ step }: { step: Extract<PlanStep, { kind: 'tool' }> }) {
  const args = Object.entries(step.args);
  return (
    <>
      <p className="mt-2 text-sm">
        <code className="font-mono font-semibold text-slate-900 wrap-anywhere">{step.tool}</code>
      </p>
      {args.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No arguments.</p>
      ) : (
        <dl
          aria-label={`Arguments of ${step.id}`}
          className="mt-2 grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]"
        >
          {args.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-xs leading-5 text-slate-500 sm:text-right">{name}</dt>
              <dd className="min-w-0">
                <ValueText value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {step.on_error === 'continue' && (
        <p className="mt-2 text-xs text-slate-600">
          If it fails, the run goes on: later steps see the error.
        </p>
      )}
    </>
  );
}

export function ModelBody({ step }: { step: Extract<PlanStep, { kind: 'model' | 'agent' }> }) {
  const inputs = step.inputs ?? [];
  return (
    <div className="mt-2 space-y-2 text-sm">
      <blockquote className="border-l-2 border-violet-200 pl-3 whitespace-pre-wrap text-slate-900 wrap-anywhere">
        {step.instruction}
      </blockquote>
      <p className="text-slate-700">
        <span className="text-slate-500">Reads: </span>
        {inputs.length ? (
          <Refs refs={inputs} />
        ) : step.kind === 'agent' ? (
          'the run’s input'
        ) : (
          'nothing else'
        )}
      </p>
      {step.kind === 'model' ? (
        <>
          <p className="text-slate-700">
            <span className="text-slate-500">Answers in: </span>
            {step.output.type === 'json' ? 'JSON' : 'text'}
          </p>
          {step.output.type === 'json' && (
            <details className="rounded-md bg-slate-50 px-2 py-1">
              <summary className="cursor-pointer text-xs font-medium text-slate-700">
                Output schema
              </summary>
              <pre className="mt-1 font-mono text-xs leading-5 whitespace-pre-wrap text-slate-800 wrap-anywhere">
                {JSON.stringify(step.output.schema, null, 2)}
              </pre>
            </details>
          )}
        </>
      ) : (
        <p className="text-slate-700">
          <span className="text-slate-500">Tools: </span>
          {step.tools.length ? (
            <span className="font-mono text-xs wrap-anywhere">{step.tools.join(', ')}</span>
          ) : (
            'every tool of the agent'
          )}
        </p>
      )}
    </div>
  );
}

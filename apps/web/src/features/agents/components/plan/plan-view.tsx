import {
  stepsNeedingModel,
  type AgentPlan,
  type ForEachPlanStep,
  type IfPlanStep,
  type PlanStep,
} from '@spoke/shared';
import { CircleCheck, Sparkles } from 'lucide-react';
import { plural } from '#web/features/agents/format.ts';
import { KindBadge, ModelBadge, RefChip } from './plan-badges.tsx';
import { ModelBody, ToolBody } from './plan-step-bodies.tsx';
import { comparisonInWords, needsModel } from './plan-words.ts';

const caption = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** Whether runs need a language model, and for which steps. */
function ModelNote({ plan }: { plan: AgentPlan }) {
  const needing = stepsNeedingModel(plan);
  if (needing.length === 0) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>Runs without a language model: every step is a tool call or a decision.</span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-950">
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Needs a language model for {plural(needing.length, 'step')}:{' '}
        {needing.map((id, at) => (
          <span key={id}>
            {at > 0 && ', '}
            <code className="font-mono">{id}</code>
          </span>
        ))}
        . The other steps run without one.
      </span>
    </p>
  );
}

function Branch({
  title,
  label,
  steps,
  empty,
}: {
  title: string;
  /** Names the list for assistive technology, e.g. "Then (check)". */
  label: string;
  steps: readonly PlanStep[];
  empty: string;
}) {
  return (
    <div className="mt-3 border-l-2 border-slate-200 pl-2 sm:pl-4">
      <p className={caption}>{title}</p>
      {steps.length ? (
        <StepList steps={steps} label={label} />
      ) : (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
}

function IfBody({ step }: { step: IfPlanStep }) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-900">
        If <RefChip>{step.condition.value}</RefChip> {comparisonInWords(step.condition)}
      </p>
      <Branch title="Then" label={`Then (${step.id})`} steps={step.then} empty="Nothing." />
      {step.else && step.else.length > 0 && (
        <Branch
          title="Otherwise"
          label={`Otherwise (${step.id})`}
          steps={step.else}
          empty="Nothing."
        />
      )}
    </>
  );
}

function ForEachBody({ step }: { step: ForEachPlanStep }) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-900">
        For each element of <RefChip>{step.over}</RefChip>, at most {step.max} a run
      </p>
      <Branch
        title="For each element"
        label={`For each element (${step.id})`}
        steps={step.steps}
        empty="No steps yet."
      />
    </>
  );
}

function StepItem({ step, position }: { step: PlanStep; position: number }) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700"
        >
          {position}
        </span>
        <span className="sr-only">Step {position}:</span>
        <KindBadge kind={step.kind} />
        <code className="font-mono text-sm font-semibold text-slate-900 wrap-anywhere">
          {step.id}
        </code>
        {needsModel(step.kind) && <ModelBadge />}
      </div>
      {step.note && <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{step.note}</p>}
      {step.kind === 'tool' && <ToolBody step={step} />}
      {(step.kind === 'model' || step.kind === 'agent') && <ModelBody step={step} />}
      {step.kind === 'if' && <IfBody step={step} />}
      {step.kind === 'for_each' && <ForEachBody step={step} />}
    </li>
  );
}

function StepList({ steps, label }: { steps: readonly PlanStep[]; label: string }) {
  return (
    <ol aria-label={label} className="mt-2 space-y-2">
      {steps.map((step, at) => (
        <StepItem key={`${at}-${step.id}`} step={step} position={at + 1} />
      ))}
    </ol>
  );
}

/** The agent's plan: its steps in order, decisions and loops with their steps indented. */
export function PlanView({ plan }: { plan: AgentPlan }) {
  return (
    <div className="space-y-3">
      <ModelNote plan={plan} />
      {plan.steps.length ? (
        <StepList steps={plan.steps} label="Plan steps" />
      ) : (
        <p className="text-sm text-slate-600">This plan has no steps yet.</p>
      )}
    </div>
  );
}

/** What runs do for an agent saved before plans. */
export function NoPlan() {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-sm text-slate-700">
      <p className="font-medium text-slate-900">This agent has no plan.</p>
      <p className="mt-1">
        Its runs are one language model loop over its instructions: the model reads them and calls
        the agent’s tools as it sees fit, so every run needs a language model. Write a plan to have
        tool steps run directly, in an order you choose.
      </p>
    </div>
  );
}

import type { AgentCategory } from '@spoke/shared';
import { ChartColumn, GitPullRequest, Handshake, Headset, PenLine, Server } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { CAPABILITIES } from './starter-prompts.ts';

const ICONS: Record<Exclude<AgentCategory, 'Other'>, LucideIcon> = {
  'DevOps Automation': Server,
  'Customer Support': Headset,
  'Sales & CRM': Handshake,
  'Content Creation': PenLine,
  'Code Review': GitPullRequest,
  'Analytics & Reporting': ChartColumn,
};

/** The six capability areas; choosing one fills the prompt with a starter for it. */
export function CapabilityCards({
  disabled,
  onChoose,
}: {
  disabled: boolean;
  onChoose: (prompt: string) => void;
}) {
  return (
    <section aria-labelledby="capabilities-heading" className="mt-8">
      <h3 id="capabilities-heading" className="text-sm font-semibold text-slate-800">
        Start from a capability
      </h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {CAPABILITIES.map(({ category, text, prompt }) => {
          const Icon = ICONS[category];
          return (
            <li key={category} className="flex">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChoose(prompt)}
                className="flex w-full flex-col items-start gap-1 rounded-xl border border-slate-200 bg-white p-4 text-left transition hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Icon aria-hidden="true" className="size-5 text-blue-600" />
                <span className="mt-1 font-semibold text-slate-900">{category}</span>
                <span className="text-sm text-slate-600">{text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

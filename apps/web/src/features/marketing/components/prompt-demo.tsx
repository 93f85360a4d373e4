import { ArrowDown, CalendarClock, Mail, Rss, Sparkles, Zap } from 'lucide-react';
import { LogoTile } from '#web/components/logo-tile.tsx';
import { useTypewriter } from '#web/lib/typewriter/use-typewriter.ts';
import { DEMO_AGENTS, type DemoAgent } from '../demo-agents.ts';
import { HERO_MARKS } from '../hero-marks.ts';
import { PROMPT_SAMPLES } from '../demo-samples.ts';
import { Caret } from './caret.tsx';

const GLYPHS = { email: Mail, rss: Rss } as const;
const NAMES: Record<string, string> = {
  zendesk: 'Zendesk',
  slack: 'Slack',
  github: 'GitHub',
  linear: 'Linear',
  email: 'Email',
  stripe: 'Stripe',
  rss: 'RSS',
  linkedin: 'LinkedIn',
  x: 'X',
};

function Logo({ id, size = 'sm' }: { id: string; size?: 'sm' | 'md' }) {
  return (
    <LogoTile
      mark={HERO_MARKS[id]}
      glyph={GLYPHS[id as keyof typeof GLYPHS]}
      name={NAMES[id] ?? id}
      size={size}
    />
  );
}

/** How much of the agent shows while its description is typed: it builds as the words arrive. */
function revealed(progress: number, at: number): string {
  return `transition-opacity duration-300 ${progress >= at ? 'opacity-100' : 'opacity-0'}`;
}

/** The agent Spoke makes of a description: its name, trigger, integrations and steps. */
function AgentPreview({ agent, progress }: { agent: DemoAgent; progress: number }) {
  const scheduled = agent.trigger.startsWith('Every');
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <p className={`text-base font-semibold text-slate-900 ${revealed(progress, 0.25)}`}>
          {agent.name}
        </p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
            progress >= 1 ? 'bg-emerald-50 text-emerald-800' : 'bg-blue-50 text-blue-800'
          }`}
        >
          {progress >= 1 ? 'Ready' : 'Building…'}
        </span>
      </div>
      <p
        className={`mt-3 flex items-center gap-2 text-sm text-slate-700 ${revealed(progress, 0.4)}`}
      >
        <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-md bg-amber-50 text-amber-700">
          {scheduled ? <CalendarClock className="size-4" /> : <Zap className="size-4" />}
        </span>
        {agent.trigger}
      </p>
      <ul className={`mt-3 flex flex-wrap gap-2 ${revealed(progress, 0.6)}`}>
        {agent.integrations.map((id) => (
          <li
            key={id}
            className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white py-0.5 pr-2.5 pl-0.5 text-xs font-medium text-slate-700"
          >
            <Logo id={id} />
            {NAMES[id] ?? id}
          </li>
        ))}
      </ul>
      <ol className="mt-4 space-y-2">
        {agent.steps.map((step, index) => (
          <li
            key={step.text}
            className={`flex items-start gap-2.5 text-sm text-slate-700 ${revealed(progress, 0.8 + index * 0.1)}`}
          >
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-slate-100 text-[0.6875rem] font-semibold text-slate-600">
              {index + 1}
            </span>
            <span className="min-w-0 flex-1">{step.text}</span>
            <Logo id={step.integration} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The agent studio at work: a description typed in plain language, and the agent Spoke makes of
 * it (the compiler's own output for each sample) building beneath as the words arrive.
 */
export function PromptDemo() {
  const { text, full, index, phase, animated } = useTypewriter(PROMPT_SAMPLES);
  const agent = DEMO_AGENTS[index] ?? DEMO_AGENTS[0]!;
  const progress = !animated || phase !== 'typing' ? 1 : text.length / Math.max(1, full.length);
  return (
    <div>
      {/* The typing is decoration; a reader hears each example once, whole, and no live updates. */}
      <p className="sr-only">Example agent description: {full}</p>
      <p className="sr-only">
        {`Spoke makes of it the agent “${agent.name}”: it runs ${agent.trigger.toLowerCase()}, connects ${agent.integrations.map((id) => NAMES[id] ?? id).join(', ')}, and its steps are: ${agent.steps.map((step) => step.text).join('; ')}.`}
      </p>
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-blue-900/10"
      >
        <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="ml-2 text-xs font-medium text-slate-500">Spoke · Agent studio</span>
        </div>
        <div className="p-4 sm:p-5">
          <div className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <Sparkles className="size-4 text-blue-600" />
            Describe your agent
          </div>
          {/* Every sample sits in the same cell, unseen but for the one typed: the box is as tall as
              the longest at any width, so typing never moves the page. */}
          <div className="mt-3 grid rounded-lg border border-slate-200 bg-slate-50 p-4 text-base leading-relaxed text-slate-800">
            {PROMPT_SAMPLES.map((sample) => (
              <p key={sample} className="invisible col-start-1 row-start-1">
                {sample}
              </p>
            ))}
            <p data-testid="prompt-demo-text" className="col-start-1 row-start-1">
              {text}
              <Caret />
            </p>
          </div>
          <div className="my-3 flex items-center gap-2 text-xs font-medium text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            <ArrowDown className="size-3.5" />
            Spoke builds
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <div className="grid rounded-xl border border-slate-200 p-4">
            {DEMO_AGENTS.map((each) => (
              <div
                key={each.name}
                className={`col-start-1 row-start-1 ${each === agent ? '' : 'invisible'}`}
              >
                <AgentPreview agent={each} progress={each === agent ? progress : 1} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

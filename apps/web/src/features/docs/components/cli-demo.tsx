import type { ReactNode } from 'react';
import { useReducedMotion } from '#web/lib/typewriter/use-page-conditions.ts';
import { useTypewriter } from '#web/lib/typewriter/use-typewriter.ts';
import { DEMO_COMMANDS } from './demo-commands.ts';

function TerminalFrame({ children }: { children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl bg-slate-900 font-mono text-sm text-slate-100 shadow-xl">
      <div className="flex items-center gap-1.5 border-b border-slate-700/70 px-4 py-3">
        <span className="size-3 rounded-full bg-red-400" />
        <span className="size-3 rounded-full bg-amber-400" />
        <span className="size-3 rounded-full bg-emerald-400" />
        <span className="ml-3 text-xs text-slate-400">~/projects</span>
      </div>
      <div className="min-h-48 p-4 leading-relaxed break-words">{children}</div>
    </div>
  );
}

function Prompt() {
  return (
    <span aria-hidden="true" className="text-emerald-400 select-none">
      ${' '}
    </span>
  );
}

/** A terminal that types `spoke` commands; under reduced motion it lists them all, still. */
export function CliDemo() {
  const reduced = useReducedMotion();
  // Pauses itself while the tab is hidden and stands still under reduced motion.
  const { text } = useTypewriter(DEMO_COMMANDS);

  if (reduced) {
    return (
      <TerminalFrame>
        <ul aria-label="Example commands" data-testid="cli-demo" data-animated="false">
          {DEMO_COMMANDS.map((command) => (
            <li key={command}>
              <Prompt />
              {command}
            </li>
          ))}
        </ul>
      </TerminalFrame>
    );
  }
  return (
    <div>
      <p className="sr-only">Example commands: {DEMO_COMMANDS.join('; ')}</p>
      <div aria-hidden="true">
        <TerminalFrame>
          <p data-testid="cli-demo" data-animated="true">
            <Prompt />
            <span data-testid="cli-demo-text">{text}</span>
            <span className="ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.15em] animate-pulse bg-slate-100" />
          </p>
        </TerminalFrame>
      </div>
    </div>
  );
}

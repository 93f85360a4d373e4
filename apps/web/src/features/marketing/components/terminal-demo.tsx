import { CLI_COMMANDS, CLI_SAMPLES } from '../demo-samples.ts';
import { useTypewriter } from '#web/lib/typewriter/use-typewriter.ts';
import { Caret } from './caret.tsx';

/** A terminal typing out `spoke` commands, each followed by what it prints. */
export function TerminalDemo() {
  const { text, full, index, phase } = useTypewriter(CLI_COMMANDS);
  const output = phase === 'holding' ? (CLI_SAMPLES[index]?.output ?? []) : [];
  return (
    <div>
      <p className="sr-only">Example command: {full}</p>
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-xl bg-slate-900 font-mono text-sm text-slate-100 shadow-xl"
      >
        <div className="flex items-center gap-1.5 border-b border-slate-700/70 px-4 py-3">
          <span className="size-3 rounded-full bg-red-400" />
          <span className="size-3 rounded-full bg-amber-400" />
          <span className="size-3 rounded-full bg-emerald-400" />
          <span className="ml-3 text-xs text-slate-400">~/projects</span>
        </div>
        <div className="min-h-40 p-4 leading-relaxed break-words sm:min-h-32">
          <p>
            <span className="text-emerald-400">$ </span>
            <span data-testid="terminal-demo-text">{text}</span>
            <Caret className="bg-slate-100" />
          </p>
          {output.map((line) => (
            <p key={line} className="whitespace-pre-wrap text-slate-400">
              {line}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}

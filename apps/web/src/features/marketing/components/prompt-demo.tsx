import { Sparkles } from 'lucide-react';
import { PROMPT_SAMPLES } from '../demo-samples.ts';
import { useTypewriter } from '../../../lib/typewriter/use-typewriter.ts';
import { Caret } from './caret.tsx';

/** A mock of the agent studio typing out example descriptions. */
export function PromptDemo() {
  const { text, full } = useTypewriter(PROMPT_SAMPLES);
  return (
    <div>
      {/* The typing is decoration; a reader hears each example once, whole, and no live updates. */}
      <p className="sr-only">Example agent description: {full}</p>
      <div
        aria-hidden="true"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-blue-900/5"
      >
        <div className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <Sparkles className="size-4 text-blue-600" />
          Describe your agent
        </div>
        <p
          data-testid="prompt-demo-text"
          className="mt-3 min-h-36 rounded-lg border border-slate-200 bg-slate-50 p-4 text-base leading-relaxed text-slate-800 sm:min-h-28"
        >
          {text}
          <Caret />
        </p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <span className="text-xs text-slate-500">Plain language in, working agent out</span>
          <span className="rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white">
            Create Agent
          </span>
        </div>
      </div>
    </div>
  );
}

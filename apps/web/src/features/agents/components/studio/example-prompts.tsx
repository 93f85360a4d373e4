import { Sparkles } from 'lucide-react';

/** Ready-made descriptions; choosing one puts it in the prompt. */
export function ExamplePrompts({
  examples,
  disabled,
  onChoose,
}: {
  examples: readonly string[];
  disabled: boolean;
  onChoose: (prompt: string) => void;
}) {
  if (examples.length === 0) return null;
  return (
    <section aria-labelledby="examples-heading" className="mt-6">
      <h3 id="examples-heading" className="text-sm font-semibold text-slate-800">
        Try an example
      </h3>
      <ul className="mt-2 space-y-2">
        {examples.map((example) => (
          <li key={example}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChoose(example)}
              className="flex w-full items-start gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-700 transition hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-600" />
              <span>{example}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '#web/components/button-styles.ts';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';
import { PromptDemo } from './prompt-demo.tsx';

// The home page claims of the spec, word for word.
const STATS = [
  { value: '250k+', label: 'Builders' },
  { value: '50+', label: 'Built-in integrations' },
  { value: '0', label: 'Lines of code' },
] as const;

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-blue-50 via-white to-white"
    >
      <div
        className={`${CONTENT_WIDTH} grid items-center gap-10 py-12 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12`}
      >
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            AI agents without code
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Describe an AI agent in plain language. Spoke builds it.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
            Say what should happen, in your own words. Spoke connects the tools you already use and
            runs the agent for you.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={primaryButton}>
              Start building
            </Link>
            <Link to="/app/docs" className={secondaryButton}>
              Read the docs
            </Link>
          </div>
          {/* Figures on one line, labels beneath them however many lines a label takes. */}
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4 border-t border-slate-200 pt-6">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-sm leading-snug text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <PromptDemo />
      </div>
    </section>
  );
}

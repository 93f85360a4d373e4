import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles.ts';
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
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
            AI agents without code
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            Describe an AI agent in plain language. Spoke builds it.
          </h1>
          <p className="mt-5 text-lg text-slate-600">
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
          <dl className="mt-10 grid max-w-md grid-cols-3 gap-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-slate-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <PromptDemo />
      </div>
    </section>
  );
}

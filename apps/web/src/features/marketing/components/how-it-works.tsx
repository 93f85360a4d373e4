import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';
const STEPS = [
  {
    title: 'Describe',
    text: 'Write what the agent should do: when it runs, what it reads and where the results go.',
  },
  {
    title: 'Connect',
    text: 'Spoke picks the integrations it needs from more than 50 built in, such as Slack, GitHub and Stripe.',
  },
  {
    title: 'Run',
    text: 'Your agent runs on its schedule or when its trigger fires, and you follow each run from your dashboard.',
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className={`${CONTENT_WIDTH} py-16`}>
      <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-900">
        How it works
      </h2>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ title, text }, i) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-blue-100 font-bold text-blue-800"
              >
                {i + 1}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
            </div>
            <p className="mt-3 text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

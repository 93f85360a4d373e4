import { Link } from 'react-router';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

const onBlue =
  'inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-blue-700">
      <div className={`${CONTENT_WIDTH} py-16 text-center`}>
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white">
          Your first agent is one sentence away
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-blue-100">
          Start on the Free plan and move up when your agents need more.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/register" className={`${onBlue} bg-white text-blue-800 hover:bg-blue-50`}>
            Start building
          </Link>
          <Link
            to="/pricing"
            className={`${onBlue} border border-white/70 text-white hover:bg-blue-600`}
          >
            See pricing
          </Link>
        </div>
      </div>
    </section>
  );
}

import { Bot } from 'lucide-react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { Studio } from '#web/features/agents/components/studio/studio.tsx';
import { PROMPT_SAMPLES } from '#web/features/marketing/demo-samples.ts';

/** The dashboard's agent studio; its examples are the ones the landing page types out. */
export function AgentStudioPanel() {
  return (
    <section
      aria-labelledby="studio-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:self-start"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-blue-600 text-white">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <h2 id="studio-heading" className="text-lg font-semibold text-slate-900">
            Agent studio
          </h2>
        </div>
        <Link to="/app/agents" className={`${textLink} text-sm`}>
          Your agents
        </Link>
      </div>
      <p className="mt-3 mb-5 max-w-2xl text-slate-600">
        Say what the agent should do, when, and with which tools. Spoke turns it into a working
        agent — no code.
      </p>
      <Studio examples={PROMPT_SAMPLES} />
    </section>
  );
}

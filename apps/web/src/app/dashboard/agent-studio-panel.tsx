import { Bot } from 'lucide-react';

// The capability areas of the spec's agent studio, shown as what the studio will cover.
const CAPABILITIES = [
  'DevOps Automation',
  'Customer Support',
  'Sales & CRM',
  'Content Creation',
  'Code Review',
  'Analytics & Reporting',
];

export function AgentStudioPanel() {
  return (
    <section
      aria-labelledby="studio-heading"
      className="rounded-2xl border-2 border-dashed border-blue-300 bg-blue-50/50 p-6 lg:self-start"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-blue-600 text-white">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <h2 id="studio-heading" className="text-lg font-semibold text-slate-900">
          Agent studio
        </h2>
        <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200">
          Coming soon
        </span>
      </div>
      <p className="mt-4 max-w-2xl text-slate-700">
        This is where you will describe an agent in plain language — what it should do, and with
        which tools — and Spoke will turn the description into a working agent that uses MCP
        integrations. The studio is not open yet; nothing is created from this page.
      </p>
      <h3 className="mt-5 text-sm font-semibold text-slate-700">Planned capabilities</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {CAPABILITIES.map((capability) => (
          <li
            key={capability}
            className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200"
          >
            {capability}
          </li>
        ))}
      </ul>
    </section>
  );
}

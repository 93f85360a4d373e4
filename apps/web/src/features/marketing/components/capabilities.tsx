import { ChartColumn, GitPullRequest, Handshake, Headset, PenLine, Server } from 'lucide-react';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

// The agent studio's capability areas.
const AREAS = [
  {
    icon: Server,
    title: 'DevOps Automation',
    text: 'Watch deploys, triage alerts and open incidents without glue scripts.',
  },
  {
    icon: Headset,
    title: 'Customer Support',
    text: 'Summarise tickets, draft replies and route urgent issues to the right people.',
  },
  {
    icon: Handshake,
    title: 'Sales & CRM',
    text: 'Enrich new leads, keep your CRM up to date and remind reps to follow up.',
  },
  {
    icon: PenLine,
    title: 'Content Creation',
    text: 'Turn new articles into social posts and newsletters, on schedule.',
  },
  {
    icon: GitPullRequest,
    title: 'Code Review',
    text: 'Flag risky pull requests and post review notes where your team works.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics & Reporting',
    text: 'Pull figures from your tools and send the weekly report for you.',
  },
] as const;

export function Capabilities() {
  return (
    <section aria-labelledby="capabilities-title" className={`${CONTENT_WIDTH} pb-16`}>
      <h2 id="capabilities-title" className="text-3xl font-bold tracking-tight text-slate-900">
        What teams build with Spoke
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {AREAS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
            <Icon aria-hidden="true" className="size-6 text-blue-600" />
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

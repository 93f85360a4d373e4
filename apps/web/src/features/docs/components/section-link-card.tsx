import { Link } from 'react-router';
import type { DocSection } from '../content/docs-model.ts';

export const SECTION_FALLBACK_DESCRIPTION = 'Learn more about this topic';

export function SectionLinkCard({ section, to }: { section: DocSection; to: string }) {
  return (
    <Link
      to={to}
      // Named by all it shows, so what a voice-control user reads out is the link's name.
      data-testid="section-card"
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <h2 className="text-base font-semibold text-slate-900 group-hover:text-blue-700">
        {section.title}
      </h2>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">
        {section.description ?? SECTION_FALLBACK_DESCRIPTION}
      </p>
      <p className="mt-4 text-sm font-semibold text-blue-700">Read Article →</p>
    </Link>
  );
}

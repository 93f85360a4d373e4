import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { MarkdownHeading } from '#web/components/markdown/markdown.tsx';

function Entries({ headings, active }: { headings: MarkdownHeading[]; active?: string }) {
  return (
    <ul className="space-y-1.5 border-l border-slate-200 text-sm">
      {headings.map((heading) => (
        <li key={heading.id}>
          <a
            href={`#${heading.id}`}
            aria-current={heading.id === active ? 'location' : undefined}
            className={`-ml-px block border-l py-0.5 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-blue-600 ${
              heading.level > 2 ? 'pl-7' : 'pl-4'
            } ${
              heading.id === active
                ? 'border-blue-600 font-medium text-blue-800'
                : 'border-transparent text-slate-600 hover:border-slate-400 hover:text-slate-900'
            }`}
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "On this page": sticky beside the article on wide screens, a disclosure above it on small. */
export function TableOfContents({
  headings,
  active,
  placement,
}: {
  headings: MarkdownHeading[];
  active?: string;
  placement: 'side' | 'top';
}) {
  const [open, setOpen] = useState(false);
  if (headings.length === 0) return null;
  if (placement === 'side') {
    return (
      <nav
        aria-label="On this page"
        className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto pb-8"
      >
        <p className="mb-3 text-sm font-semibold text-slate-900">On this page</p>
        <Entries headings={headings} active={active} />
      </nav>
    );
  }
  return (
    <nav aria-label="On this page" className="rounded-lg border border-slate-200 bg-slate-50">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between px-3 py-2.5 text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        On this page
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div className="px-3 pb-3">
          <Entries headings={headings} active={active} />
        </div>
      )}
    </nav>
  );
}

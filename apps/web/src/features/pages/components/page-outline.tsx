import type { OutlineEntry } from '../loader/outline.ts';

/** "On this page": the sections of a long page, beside it on wide screens. */
export function PageOutline({ entries }: { entries: OutlineEntry[] }) {
  return (
    <nav aria-label="On this page" className="sticky top-24 text-sm">
      <p className="font-semibold text-slate-900">On this page</p>
      <ul className="mt-3 space-y-2 border-l border-slate-200">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ReactNode } from 'react';

/**
 * One titled block of a page, named by its heading. The heading takes focus from code (not from
 * Tab), so a page can move focus there when the control that held it goes away.
 */
export function SectionCard({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id={id}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        {actions}
      </div>
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

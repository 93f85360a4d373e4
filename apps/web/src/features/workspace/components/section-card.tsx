import type { ReactNode } from 'react';

/** One titled block of the workspace page. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-1 text-sm text-slate-600">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { DocsSidebar } from './docs-sidebar.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

/** Tab and section pages: the chapter sidebar and the page. */
export function DocsShell({ base, children }: { base: string; children: ReactNode }) {
  return (
    <div
      className={`${CONTENT_WIDTH} py-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:py-10`}
    >
      {/* The sidebar is a navigation landmark of its own: no complementary box around it. */}
      <div className="mb-6 lg:mb-0">
        <DocsSidebar base={base} />
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

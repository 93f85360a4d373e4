import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { chapters } from '../content/docs-content.ts';
import { docsPath } from '../content/docs-paths.ts';
import { ChapterIcon } from './chapter-icon.tsx';

const link =
  'block rounded-md px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600';
const idle = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900';
const current = 'bg-blue-50 font-medium text-blue-800';

function ChapterList({ base }: { base: string }) {
  return (
    <ul className="space-y-5">
      {chapters.map((chapter) => (
        <li key={chapter.id}>
          <NavLink
            end
            to={docsPath(base, chapter.id)}
            className={({ isActive }) =>
              `${link} flex items-center gap-2 font-semibold ${isActive ? current : 'text-slate-900 hover:bg-slate-100'}`
            }
          >
            <ChapterIcon name={chapter.icon} className="size-4 shrink-0 text-blue-700" />
            {chapter.title}
          </NavLink>
          <ul className="mt-1 ml-4 space-y-0.5 border-l border-slate-200 pl-2">
            {chapter.sections.map((section) => (
              <li key={section.id}>
                <NavLink
                  to={docsPath(base, chapter.id, section.id)}
                  className={({ isActive }) => `${link} ${isActive ? current : idle}`}
                >
                  {section.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** Every chapter and section: beside the page on wide screens, behind a toggle on small ones. */
export function DocsSidebar({ base }: { base: string }) {
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a link closes it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const wide = useRef<HTMLElement>(null);

  // The list is longer than the screen: bring the current page's entry into the sidebar's view
  // without moving the page itself.
  useEffect(() => {
    const nav = wide.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const top =
      current.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop;
    if (top < nav.scrollTop || top > nav.scrollTop + nav.clientHeight - current.offsetHeight) {
      nav.scrollTop = top - nav.clientHeight / 3;
    }
  }, [pathname]);

  return (
    <>
      <div className="lg:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="docs-sidebar-mobile"
          onClick={() => setOpenOn(open ? null : pathname)}
          className="flex w-full items-center justify-between rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Browse chapters
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition ${open ? 'rotate-180' : ''}`}
          />
        </button>
        <nav
          id="docs-sidebar-mobile"
          hidden={!open}
          aria-label="Documentation chapters"
          className="mt-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <ChapterList base={base} />
        </nav>
      </div>
      <nav
        ref={wide}
        aria-label="Documentation chapters"
        className="sticky top-20 hidden max-h-[calc(100vh-6rem)] overflow-y-auto pr-2 pb-8 lg:block"
      >
        <ChapterList base={base} />
      </nav>
    </>
  );
}

import { Link } from 'react-router';
import { chipClass, tagHref, tagLabel } from './tag-label.ts';

/** "All" and one chip per tag with its post count; the selected tag lives in the URL. */
export function TagFilter({
  tags,
  selected,
}: {
  tags: readonly { tag: string; count: number }[];
  selected: string | undefined;
}) {
  return (
    <nav aria-label="Filter posts by tag">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/blog"
            aria-current={selected ? undefined : 'true'}
            className={selected ? chipClass.idle : chipClass.selected}
          >
            All
          </Link>
        </li>
        {tags.map(({ tag, count }) => {
          const active = tag === selected;
          return (
            <li key={tag}>
              <Link
                to={tagHref(tag)}
                aria-current={active ? 'true' : undefined}
                className={active ? chipClass.selected : chipClass.idle}
              >
                {/* Named by what it shows, "Agents 2", and what a listener needs: "posts". */}
                {tagLabel(tag)}{' '}
                <span
                  className={`rounded-full px-1.5 text-xs ${active ? 'bg-blue-500 text-white' : 'bg-slate-100 text-slate-600'}`}
                >
                  {count}
                </span>{' '}
                <span className="sr-only">{count === 1 ? 'post' : 'posts'}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

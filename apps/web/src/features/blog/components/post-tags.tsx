import { Link } from 'react-router';
import { chipClass, tagHref, tagLabel } from './tag-label.ts';

/** A post's tags, each a link to the list filtered by it. */
export function PostTags({
  tags,
  className = '',
}: {
  tags: readonly string[];
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagHref(tag)} className={chipClass.small}>
            {tagLabel(tag)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

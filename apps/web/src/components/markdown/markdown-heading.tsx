import type { ReactNode } from 'react';
import { classNames, textOf, type HastNode } from './hast.ts';

const styles = {
  h1: 'mt-12 text-3xl font-bold tracking-tight text-slate-900',
  h2: 'mt-12 text-2xl font-semibold tracking-tight text-slate-900',
  h3: 'mt-10 text-xl font-semibold text-slate-900',
  h4: 'mt-8 text-lg font-semibold text-slate-900',
  h5: 'mt-6 text-base font-semibold text-slate-900',
  h6: 'mt-6 text-sm font-semibold tracking-wide text-slate-700 uppercase',
} as const;

type Level = keyof typeof styles;

/**
 * A heading with a "#" link to itself beside it (outside the heading, so the heading's accessible
 * name stays its own text). The link shows on hover and on keyboard focus.
 */
export function MarkdownHeading({
  as: Tag,
  id,
  node,
  children,
}: {
  as: Level;
  id: string | undefined;
  node: HastNode | undefined;
  children: ReactNode;
}) {
  const style = styles[Tag];
  if (classNames(node).includes('sr-only')) {
    return (
      <Tag id={id} className="sr-only">
        {children}
      </Tag>
    );
  }
  if (!id) return <Tag className={`first:mt-0 ${style}`}>{children}</Tag>;
  const text = node ? textOf(node).trim() : '';
  return (
    <div className={`group/heading flex scroll-mt-24 items-baseline gap-2 first:mt-0 ${style}`}>
      <Tag id={id} className="scroll-mt-24">
        {children}
      </Tag>
      <a
        href={`#${id}`}
        aria-label={`Link to section: ${text}`}
        className="shrink-0 rounded-sm px-1 text-base font-normal text-slate-500 opacity-0 transition group-hover/heading:opacity-100 hover:text-blue-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        #
      </a>
    </div>
  );
}

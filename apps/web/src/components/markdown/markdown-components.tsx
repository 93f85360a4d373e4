import type { CSSProperties, ReactNode } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { CodeBlock } from './code-block.tsx';
import { classNames, textOf, type HastNode } from './hast.ts';
import { MarkdownHeading } from './markdown-heading.tsx';
import { MarkdownLink } from './markdown-link.tsx';

const LANGUAGE = /^language-([\w+#.-]{1,30})$/;

function codeLanguage(pre: HastNode | undefined): string | undefined {
  const code = pre?.children?.find((child) => child.tagName === 'code');
  for (const name of classNames(code)) {
    const match = LANGUAGE.exec(name);
    if (match) return match[1];
  }
  return undefined;
}

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

// react-markdown turns a column's alignment into an inline text-align; a class does the same.
function cellAlign(style: CSSProperties | undefined): string {
  const align = style?.textAlign;
  return typeof align === 'string' && align in alignClass
    ? alignClass[align as keyof typeof alignClass]
    : 'text-left';
}

function heading(as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
  return function Heading({
    node,
    id,
    children,
  }: { id?: string; children?: ReactNode } & ExtraProps) {
    return (
      <MarkdownHeading as={as} id={id} node={node}>
        {children}
      </MarkdownHeading>
    );
  };
}

// `node` is react-markdown's syntax tree node: taken out so it never reaches the DOM.
export const markdownComponents: Components = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  p: ({ node: _node, ...props }) => <p className="mt-5 leading-7 text-slate-700" {...props} />,
  a: ({ node: _node, ...props }) => <MarkdownLink {...props} />,
  ul: ({ node: _node, ...props }) => (
    <ul className="mt-5 list-disc space-y-2 pl-6 marker:text-slate-400" {...props} />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol className="mt-5 list-decimal space-y-2 pl-6 marker:text-slate-500" {...props} />
  ),
  li: ({ node: _node, ...props }) => (
    <li className="pl-1 leading-7 text-slate-700 [&>ol]:mt-2 [&>ul]:mt-2" {...props} />
  ),
  strong: ({ node: _node, ...props }) => (
    <strong className="font-semibold text-slate-900" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      className="mt-6 border-l-4 border-blue-200 bg-blue-50/60 py-1 pr-4 pl-4 text-slate-700 [&>p]:mt-3 [&>p:first-child]:mt-2 [&>p:last-child]:mb-2"
      {...props}
    />
  ),
  hr: () => <hr className="my-10 border-slate-200" />,
  code: ({ node: _node, className: _className, ...props }) => (
    <code
      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] break-words text-slate-800"
      {...props}
    />
  ),
  // The block is rebuilt from the tree: its text feeds the Copy button and the highlighter.
  pre: ({ node }) => (
    <CodeBlock
      code={textOf(node ?? { type: 'root' }).replace(/\n$/, '')}
      language={codeLanguage(node)}
    />
  ),
  kbd: ({ node: _node, ...props }) => (
    <kbd
      className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-[0.8em] text-slate-800 shadow-[inset_0_-1px_0_var(--color-slate-300)]"
      {...props}
    />
  ),
  img: ({ node: _node, alt = '', src, ...props }) => (
    <img
      {...props}
      alt={alt}
      // An address emptied by the URL rule is left out: an empty src would fetch the page itself.
      src={src || undefined}
      loading="lazy"
      className="mt-6 inline-block h-auto max-w-full rounded-lg"
    />
  ),
  table: ({ node: _node, ...props }) => (
    // Wide tables scroll inside their own box instead of widening the page on a phone; the box
    // takes focus so a keyboard can scroll it too.
    <div
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <table
        className="min-w-full divide-y divide-slate-200 text-sm [&_code]:wrap-anywhere"
        {...props}
      />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-slate-50" {...props} />,
  th: ({ node: _node, style, ...props }) => (
    <th className={`px-4 py-2.5 font-semibold text-slate-900 ${cellAlign(style)}`} {...props} />
  ),
  td: ({ node: _node, style, ...props }) => (
    <td
      className={`min-w-36 border-t border-slate-100 px-4 py-2.5 align-top text-slate-700 ${cellAlign(style)}`}
      {...props}
    />
  ),
  details: ({ node: _node, ...props }) => (
    <details
      className="mt-5 rounded-lg border border-slate-200 px-4 py-2 text-slate-700 [&>p]:mt-3"
      {...props}
    />
  ),
  summary: ({ node: _node, ...props }) => (
    <summary
      className="cursor-pointer font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      {...props}
    />
  ),
  del: ({ node: _node, ...props }) => <del className="text-slate-500" {...props} />,
  dl: ({ node: _node, ...props }) => <dl className="mt-5 space-y-2" {...props} />,
  dt: ({ node: _node, ...props }) => <dt className="font-semibold text-slate-900" {...props} />,
  dd: ({ node: _node, ...props }) => <dd className="pl-4 text-slate-700" {...props} />,
  section: ({ node: _node, ...props }) => (
    <section className="mt-12 border-t border-slate-200 pt-6 text-sm" {...props} />
  ),
};

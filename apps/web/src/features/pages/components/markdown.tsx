import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';

const link =
  'font-medium text-blue-700 underline decoration-blue-700/30 underline-offset-2 hover:decoration-blue-700 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

// Site paths stay inside the single-page app; anything else is a normal link out.
function MarkdownLink({ href = '', children, ...rest }: ComponentPropsWithoutRef<'a'>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={link}>
        {children}
      </Link>
    );
  }
  return (
    <a {...rest} href={href} className={link} rel="noopener noreferrer">
      {children}
    </a>
  );
}

// `node` is react-markdown's syntax tree node: drop it so it never reaches the DOM.
const components: Components = {
  h2: ({ node: _node, ...props }) => (
    <h2
      className="mt-12 scroll-mt-24 text-2xl font-semibold tracking-tight text-slate-900 first:mt-0"
      {...props}
    />
  ),
  h3: ({ node: _node, ...props }) => (
    <h3 className="mt-8 scroll-mt-24 text-lg font-semibold text-slate-900" {...props} />
  ),
  h4: ({ node: _node, ...props }) => (
    <h4 className="mt-6 scroll-mt-24 font-semibold text-slate-900" {...props} />
  ),
  p: ({ node: _node, ...props }) => <p className="mt-4 leading-7 text-slate-700" {...props} />,
  ul: ({ node: _node, ...props }) => (
    <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-slate-400" {...props} />
  ),
  ol: ({ node: _node, ...props }) => (
    <ol className="mt-4 list-decimal space-y-2 pl-6 marker:text-slate-500" {...props} />
  ),
  li: ({ node: _node, ...props }) => <li className="pl-1 leading-7 text-slate-700" {...props} />,
  a: ({ node: _node, ...props }) => <MarkdownLink {...props} />,
  strong: ({ node: _node, ...props }) => (
    <strong className="font-semibold text-slate-900" {...props} />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      className="mt-6 border-l-4 border-blue-200 bg-blue-50/50 py-1 pr-4 pl-4 text-slate-700"
      {...props}
    />
  ),
  hr: () => <hr className="my-10 border-slate-200" />,
  code: ({ node: _node, ...props }) => (
    <code
      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-800"
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    // Focusable so a keyboard can scroll a long line into view.
    <pre
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 text-sm leading-6 text-slate-100 [&_code]:bg-transparent [&_code]:p-0 [&_code]:text-inherit"
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    // Wide tables scroll inside their own box instead of widening the page on a phone; the box
    // takes focus so a keyboard can scroll it too.
    <div
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm" {...props} />
    </div>
  ),
  thead: ({ node: _node, ...props }) => <thead className="bg-slate-50" {...props} />,
  th: ({ node: _node, ...props }) => (
    <th className="px-4 py-2.5 font-semibold whitespace-nowrap text-slate-900" {...props} />
  ),
  td: ({ node: _node, ...props }) => (
    <td
      className="min-w-[6.5rem] border-t border-slate-100 px-4 py-2.5 align-top text-slate-700"
      {...props}
    />
  ),
};

const remarkPlugins = [remarkGfm];
const rehypePlugins = [rehypeSlug];

/**
 * Markdown from content/pages/, GitHub-flavoured, headings with ids as in the docs and blog. Raw
 * HTML in the text is dropped (no rehype-raw): these pages need none, so no markup can slip in
 * through a content edit.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="text-base">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

import { useEffect, useMemo, useRef } from 'react';
import ReactMarkdown, { defaultUrlTransform, type Options } from 'react-markdown';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { markdownComponents } from './markdown-components.tsx';
import {
  rehypeCollectHeadings,
  rehypeFixFragmentLinks,
  type MarkdownHeading,
} from './rehype-plugins.ts';
import { sanitizeSchema } from './sanitize-schema.ts';

export type { MarkdownHeading };

export interface MarkdownProps {
  source: string;
  className?: string;
  /** Called with the page's headings (id, text, level) whenever the source changes. */
  onHeadings?: (headings: MarkdownHeading[]) => void;
  /** Rewrites each link's address before the safety rule below applies (images keep theirs). */
  rewriteLink?: (href: string) => string;
}

const remarkPlugins = [remarkGfm];
// The sanitizer adds its own id prefix; the text's footnote ids would otherwise get it twice.
const remarkRehypeOptions = { clobberPrefix: '' };

/**
 * Documentation and blog Markdown: GitHub-flavoured, raw HTML allowed but sanitized, headings
 * with ids and anchors, code blocks with a language label, a Copy button and lazy highlighting.
 * Link and image addresses keep react-markdown's default rule: http, https, irc, ircs, mailto,
 * xmpp or relative; any other address becomes empty.
 */
export function Markdown({ source, className, onHeadings, rewriteLink }: MarkdownProps) {
  const rendered = useMemo(() => {
    const headings: MarkdownHeading[] = [];
    // Order matters: parse raw HTML, sanitize it, and only then add ids the sanitizer would prefix.
    const rehypePlugins: Options['rehypePlugins'] = [
      rehypeRaw,
      [rehypeSanitize, sanitizeSchema],
      rehypeSlug,
      rehypeFixFragmentLinks,
      [rehypeCollectHeadings, headings],
    ];
    const element = (
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        remarkRehypeOptions={remarkRehypeOptions}
        rehypePlugins={rehypePlugins}
        components={markdownComponents}
        urlTransform={(url, key) =>
          defaultUrlTransform(key === 'href' && rewriteLink ? rewriteLink(url) : url)
        }
      >
        {source}
      </ReactMarkdown>
    );
    return { element, headings };
  }, [source, rewriteLink]);

  // A ref, so a caller passing a new function on every render does not re-run the effect.
  const onHeadingsRef = useRef(onHeadings);
  useEffect(() => {
    onHeadingsRef.current = onHeadings;
  });
  useEffect(() => {
    onHeadingsRef.current?.([...rendered.headings]);
  }, [rendered]);

  return <div className={className}>{rendered.element}</div>;
}

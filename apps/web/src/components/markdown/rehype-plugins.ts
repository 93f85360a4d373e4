import { classNames, textOf, walk, type HastNode } from './hast.ts';

export interface MarkdownHeading {
  id: string;
  text: string;
  level: number;
}

const HEADING = /^h([1-6])$/;
const CLOBBER_PREFIX = 'user-content-';

/** Fills `into` with the headings that have an id, in document order, for a table of contents. */
export function rehypeCollectHeadings(into: MarkdownHeading[]) {
  return (tree: HastNode) => {
    // Rendering twice (strict mode) must not list every heading twice.
    into.length = 0;
    walk(tree, (node) => {
      const level = HEADING.exec(node.tagName ?? '')?.[1];
      const id = node.properties?.id;
      if (node.type !== 'element' || !level || typeof id !== 'string' || id === '') return;
      if (classNames(node).includes('sr-only')) return;
      into.push({ id, text: textOf(node).trim(), level: Number(level) });
    });
  };
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * The sanitizer prefixes ids from the text ("fn-1" becomes "user-content-fn-1"), which breaks
 * in-page links such as footnote references. Points each "#x" link at "#user-content-x" when only
 * the prefixed target exists.
 */
export function rehypeFixFragmentLinks() {
  return (tree: HastNode) => {
    const ids = new Set<string>();
    walk(tree, (node) => {
      const id = node.properties?.id;
      if (typeof id === 'string') ids.add(id);
    });
    walk(tree, (node) => {
      const href = node.properties?.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || !href.startsWith('#')) return;
      const target = safeDecode(href.slice(1));
      if (!ids.has(target) && ids.has(CLOBBER_PREFIX + target)) {
        node.properties = { ...node.properties, href: `#${CLOBBER_PREFIX}${target}` };
      }
    });
  };
}

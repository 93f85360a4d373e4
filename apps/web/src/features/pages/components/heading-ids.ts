import { createSlugger } from '../loader/slugger.ts';

// The few hast fields this plugin reads; the full types are a dependency of a dependency.
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const HEADING = /^h[2-6]$/;

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Gives every heading below the page title an id, so sections can be linked to. */
export function rehypeHeadingIds() {
  return (tree: HastNode) => {
    const slug = createSlugger();
    const visit = (node: HastNode) => {
      if (node.type === 'element' && HEADING.test(node.tagName ?? '')) {
        node.properties = { ...node.properties, id: slug(textOf(node)) };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

// The few hast fields these modules read; the full types belong to a dependency of a dependency.
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

export function walk(node: HastNode, visit: (node: HastNode) => void): void {
  visit(node);
  node.children?.forEach((child) => walk(child, visit));
}

export function classNames(node: HastNode | undefined): string[] {
  const value = node?.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
}

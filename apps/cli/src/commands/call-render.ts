type Item = {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  resource?: { uri?: string; text?: string };
};

const size = (base64: string) => {
  const bytes = Math.floor((base64.length * 3) / 4);
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
};

/** A tool result as text: text as is, other items as one line each, else structured content. */
export function renderResult(result: { content?: unknown; structuredContent?: unknown }): string {
  const items = (Array.isArray(result.content) ? result.content : []) as Item[];
  const lines = items.map((item) => {
    switch (item.type) {
      case 'text':
        return item.text ?? '';
      case 'image':
      case 'audio':
        return `[${item.type} ${item.mimeType ?? 'unknown'}, ${size(item.data ?? '')}]`;
      case 'resource_link':
        return `[resource] ${item.uri ?? ''}`;
      case 'resource':
        return item.resource?.text ?? `[resource] ${item.resource?.uri ?? ''}`;
      default:
        return JSON.stringify(item);
    }
  });
  if (!items.some((i) => i.type === 'text') && result.structuredContent !== undefined) {
    lines.unshift(JSON.stringify(result.structuredContent, null, 2));
  }
  return lines.join('\n').replace(/\n$/, '');
}

import { TextDecoder } from 'node:util';

/** The media type (lower-case, no parameters) and charset of a Content-Type header. */
export function contentType(headers: Record<string, string>): { mime: string; charset?: string } {
  const raw = headers['content-type'] ?? '';
  const [mime = '', ...params] = raw.split(';');
  const charsetParam = params.map((p) => p.trim()).find((p) => /^charset=/i.test(p));
  const charset = charsetParam?.slice('charset='.length).replace(/^"|"$/g, '');
  return charset
    ? { mime: mime.trim().toLowerCase(), charset }
    : { mime: mime.trim().toLowerCase() };
}

/** Decodes bytes in the given charset (UTF-8 when unknown), dropping a byte-order mark. */
export function decodeText(body: Buffer, charset?: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

export function isJsonType(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json');
}

export function isTextType(mime: string): boolean {
  return (
    mime.startsWith('text/') ||
    isJsonType(mime) ||
    mime.endsWith('+xml') ||
    [
      'application/xml',
      'application/javascript',
      'application/x-www-form-urlencoded',
      'application/x-ndjson',
      'application/yaml',
      'application/graphql',
    ].includes(mime)
  );
}

export type ModelBody = { body: unknown; body_encoding: 'json' | 'text' | 'base64' };

/**
 * A response body in the form a model reads best: parsed JSON, text, or base64 for binary data.
 * Untyped bodies count as text when they are valid UTF-8.
 */
export function bodyForModel(
  body: Buffer,
  headers: Record<string, string>,
  truncated: boolean,
): ModelBody {
  const { mime, charset } = contentType(headers);
  if (body.length === 0) return { body: '', body_encoding: 'text' };
  const untypedText = !mime && isUtf8(body);
  if (!isTextType(mime) && !untypedText) {
    return { body: body.toString('base64'), body_encoding: 'base64' };
  }
  const text = decodeText(body, charset);
  if (isJsonType(mime) && !truncated) {
    try {
      return { body: JSON.parse(text) as unknown, body_encoding: 'json' };
    } catch {
      return { body: text, body_encoding: 'text' };
    }
  }
  return { body: text, body_encoding: 'text' };
}

function isUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

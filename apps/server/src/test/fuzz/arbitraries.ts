import fc from 'fast-check';

/**
 * Strings that have broken servers before: NUL, lone surrogates, direction and zero-width
 * marks, combining and astral characters, line separators, path and injection fragments,
 * numbers written as text and the keys that reach an object's prototype.
 */
export const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\udc00y',
  '\u202e',
  '\u200f\u200e',
  '\u200b',
  '\u2060',
  '\ufeff',
  '\u2028\u2029',
  '\u0085',
  '\u00a0',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301',
  'ﷺ',
  'İ',
  'ß',
  '𝕏',
  '\r\n',
  '\t',
  '\\',
  '"',
  "'",
  '`',
  '%',
  '_',
  '%00',
  '%2F',
  '%2e%2e%2f',
  '../',
  '..\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; drop table users; --",
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0',
  '1e400',
  '9007199254740993',
  '0x10',
  'latest',
  '*',
  '.',
  '..',
  '/',
  '//',
  '?',
  '#',
  '&',
  '=',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  'Infinity',
];

/** Keys that reach an object's prototype, and other awkward property names. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', ''];

const special = fc.constantFrom(...SPECIAL_STRINGS);

/** Any string a hostile client might send, from one character to tens of thousands. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: special },
  { weight: 3, arbitrary: fc.array(special, { maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(special, fc.integer({ min: 100, max: 20_000 }))
      .map(([s, n]) => (s || 'a').repeat(n)),
  },
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 3, arbitrary: hostileString.map((s) => s.slice(0, 60)) },
);

/** Own, enumerable properties: `__proto__` included, so JSON.stringify writes it. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Any JSON value: wrong types, odd numbers, nested arrays and objects with hostile keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, 0, -0, 1e308, -1, 2 ** 53 + 2, 1.5),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value;

/** JSON text nested `depth` levels deep, in arrays or objects. */
export const deepJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const MALFORMED = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'nul',
  '{"a":1}}',
  '\u0000',
  '',
  ' ',
  '{"a":NaN}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true,"is_admin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '[{"__proto__":null}]',
  '"just a string"',
  '12345678901234567890123456789',
  'true',
  'null',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];

/** A body of JSON text: random values, malformed text, deep nesting, pollution attempts. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 20, max: 4000 }),
        fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
      )
      .map(([depth, kind]) => deepJson(depth, kind)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

/** Replaces, removes or adds one field of a valid body, or changes the body's own type. */
export function mutate(valid: unknown): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.nat(),
      fc.constantFrom('replace', 'remove', 'add', 'wrap', 'top', 'pollute'),
      hostileValue,
      hostileKey,
    )
    .map(([pick, action, value, key]) => {
      const body = structuredClone(valid) as Record<string, unknown>;
      const paths = leafPaths(body);
      const path = paths[pick % Math.max(1, paths.length)] ?? [];
      switch (action) {
        case 'replace':
          setAt(body, path, value);
          break;
        case 'remove':
          removeAt(body, path);
          break;
        case 'add':
          setAt(body, [...path.slice(0, -1), key], value);
          break;
        case 'wrap':
          setAt(body, path, [getAt(body, path)]);
          break;
        case 'top':
          return JSON.stringify([body]);
        case 'pollute':
          return JSON.stringify(body).replace(/^\{/, `{"__proto__":{"${key ? 'x' : 'y'}":1},`);
      }
      return JSON.stringify(body);
    });
}

type Path = (string | number)[];

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [path];
    return [path, ...entries.flatMap(([k, v]) => leafPaths(v, [...path, k]))];
  }
  return [path];
}

function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], root);
}

function setAt(root: Record<string, unknown>, path: Path, value: unknown): void {
  if (path.length === 0) return;
  const parent = getAt(root, path.slice(0, -1));
  if (parent && typeof parent === 'object') {
    Object.defineProperty(parent, path.at(-1)!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

function removeAt(root: Record<string, unknown>, path: Path): void {
  const parent = getAt(root, path.slice(0, -1));
  if (parent && typeof parent === 'object')
    delete (parent as Record<string, unknown>)[path.at(-1)!];
}

/** Characters a real HTTP header value may carry (visible Latin-1 and tab). */
const headerChar = fc
  .integer({ min: 0x1f, max: 0xff })
  .filter((c) => c !== 0x7f)
  .map((c) => (c === 0x1f ? '\t' : String.fromCharCode(c)));
export const headerText = (maxLength: number) => fc.string({ unit: headerChar, maxLength });

export const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset=latin1',
  'application/json; charset=utf-16le',
  'Application/JSON',
  'application/json, text/plain',
  'application/jsonx',
  'application/ld+json',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'text/json',
  'multipart/form-data; boundary=----x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '*/*',
  '',
  ';',
  'application/json; boundary=',
];

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: headerText(60) },
);

/** Authorization values that are not any caller's credentials. */
export const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'bearer  ',
    'Basic dXNlcjpwYXNz',
    'Bearer null',
    'Bearer undefined',
    'Token abc',
    'Bearer spk_',
    `Bearer spk_${'A'.repeat(36)}`,
    `Bearer ${'A'.repeat(32)}`,
    `Bearer ${'a'.repeat(8000)}`,
    'Bearer ../../etc/passwd',
    'Bearer \u00ff\u00fe',
    'Bearer a b c',
    'BEARER xyz',
  ),
  headerText(80).map((s) => `Bearer ${s}`),
  headerText(80),
);

/**
 * Percent-encodes text for a URL even where `encodeURIComponent` refuses (a lone surrogate
 * becomes its WTF-8 bytes, which a server must reject cleanly).
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

/** Raw URL fragments, sent as they are: traversal, bad escapes, encoded separators. */
export const RAW_URL_PARTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2F',
  '%2F',
  '%5C',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  'a%20b',
  '%E2%80%AE',
  '%F0%9F%98%80',
];

/** A path parameter: an encoded hostile string, a raw fragment or a very long value. */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => encodeLoose(s.slice(0, 300)) || 'x') },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
  { weight: 1, arbitrary: fc.integer({ min: 190, max: 2000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
);

/** Query parameter names the routes read, and some they do not. */
export const QUERY_NAMES = [
  'search',
  'limit',
  'cursor',
  'page',
  'page_size',
  'tag',
  'updated_since',
  'category',
  'trust',
  'status',
  'origin',
  'remember',
  '__proto__',
  'constructor',
  'limit[]',
  'search[a]',
];

/** A query string: known and unknown names, repeated names, hostile values, raw fragments. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES) },
        { weight: 1, arbitrary: hostileKey },
      ),
      fc.oneof(
        { weight: 4, arbitrary: hostileString.map((s) => encodeLoose(s.slice(0, 600))) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
        { weight: 1, arbitrary: fc.integer().map(String) },
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeLoose(k)}=${v}`).join('&'));

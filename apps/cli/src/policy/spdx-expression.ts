import { canonicalLicense } from './spdx.ts';

/** A parsed SPDX license expression. `WITH` exceptions only add permissions, so they are dropped. */
export type LicenseExpression =
  | { kind: 'license'; id: string }
  | { kind: 'and' | 'or'; left: LicenseExpression; right: LicenseExpression };

const tokenize = (text: string) => text.match(/\(|\)|[^\s()]+/g);

/**
 * Parses an SPDX expression such as `MIT OR (Apache-2.0 AND BSD-3-Clause)`; null when the text
 * is not one (for example `SEE LICENSE IN LICENSE`), or names an unknown identifier.
 */
export function parseLicenseExpression(text: string): LicenseExpression | null {
  const tokens = tokenize(text.trim());
  if (!tokens?.length) return null;
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (t: string | undefined, op: string) => t === op || t === op.toLowerCase();

  function primary(): LicenseExpression | null {
    const token = tokens![pos++];
    if (token === undefined) return null;
    if (token === '(') {
      const inner = or();
      return inner && tokens![pos++] === ')' ? inner : null;
    }
    const id = canonicalLicense(token.replace(/\+$/, ''));
    if (!id) return null;
    if (isOp(peek(), 'WITH')) {
      pos++;
      if (!tokens![pos++]) return null;
    }
    return { kind: 'license', id: token.endsWith('+') ? `${id}+` : id };
  }
  function and(): LicenseExpression | null {
    let left = primary();
    while (left && isOp(peek(), 'AND')) {
      pos++;
      const right = primary();
      left = right ? { kind: 'and', left, right } : null;
    }
    return left;
  }
  function or(): LicenseExpression | null {
    let left = and();
    while (left && isOp(peek(), 'OR')) {
      pos++;
      const right = and();
      left = right ? { kind: 'or', left, right } : null;
    }
    return left;
  }
  const result = or();
  return result && pos === tokens.length ? result : null;
}

/** Whether an allow-list permits the expression: `OR` needs one side, `AND` needs both. */
export function licenseAllowed(expr: LicenseExpression, allowed: readonly string[]): boolean {
  if (expr.kind !== 'license') {
    const left = licenseAllowed(expr.left, allowed);
    const right = licenseAllowed(expr.right, allowed);
    return expr.kind === 'or' ? left || right : left && right;
  }
  const wanted = expr.id.toLowerCase();
  // "GPL-2.0+" (or later) may be used under GPL-2.0 itself.
  const base = wanted.replace(/\+$/, '');
  return allowed.some((id) => {
    const a = id.toLowerCase();
    return a === wanted || a === base || a === `${base}-only` || a === `${base}-or-later`;
  });
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failure, usageError, type ErrorCode } from './errors.ts';
import { CONTENT } from './test/doc-examples.ts';

const PAGE = path.join(CONTENT, 'docs/commands/10-global-flags-and-exit-codes.md');

/** Every member of the `ErrorCode` union, read from errors.ts. */
function errorCodes(): ErrorCode[] {
  const source = readFileSync(path.join(import.meta.dirname, 'errors.ts'), 'utf8');
  const union = /export type ErrorCode =([^;]+);/.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1] as ErrorCode);
}

/** The rows of the page's table of `code` values: code, exit code, meaning. */
function documentedCodes(): { code: string; exit: number; meaning: string }[] {
  const text = readFileSync(PAGE, 'utf8');
  return [...text.matchAll(/^\| `([A-Z_]+)` \| (\d) \| (.+) \|$/gm)].map((m) => ({
    code: m[1]!,
    exit: Number(m[2]),
    meaning: m[3]!,
  }));
}

describe('the error codes on "Global flags and exit codes"', () => {
  it('are exactly the codes spoke can emit, each once, with its exit code', () => {
    const codes = errorCodes();
    expect(codes.length).toBeGreaterThan(15);
    const rows = documentedCodes();
    expect(rows.map((r) => r.code).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const exit = code === 'USAGE' ? usageError('x').exitCode : failure(code, 'x').exitCode;
      expect(
        rows.find((r) => r.code === code),
        code,
      ).toMatchObject({ exit });
    }
    for (const row of rows) expect(row.meaning.trim(), row.code).not.toBe('');
  });
});

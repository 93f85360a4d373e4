import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from './parse/parser.ts';
import { SECTIONS } from './specs/index.ts';

const content = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');
const SHELL_FENCES = new Set(['sh', 'bash', 'shell', 'text', 'console']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? markdownFiles(path.join(dir, e.name))
      : e.name.endsWith('.md')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** Every `spoke ...` line (or `$ spoke ...`) inside sh/bash/text code blocks, with its place. */
function documentedCommands(): { where: string; line: string }[] {
  const found: { where: string; line: string }[] = [];
  for (const file of [
    ...markdownFiles(path.join(content, 'docs')),
    ...markdownFiles(path.join(content, 'blog')),
  ]) {
    let fence: string | null = null;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const marker = /^\s*```(\w*)/.exec(text);
        if (marker) {
          fence = fence === null ? (marker[1] ?? '') : null;
          return;
        }
        const line = text.trim().replace(/^\$ /, '');
        if (fence !== null && SHELL_FENCES.has(fence) && line.startsWith('spoke ')) {
          found.push({ where: `${path.relative(content, file)}:${i + 1}`, line });
        }
      });
  }
  return found;
}

/** Splits a shell line into words: quotes, escapes, and the end at a pipe, redirect or comment. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length)
        word = `${word ?? ''}${line[++i] ?? ''}`;
      else word = `${word ?? ''}${c}`;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if ('|;&>#'.includes(c) && word === null) {
      break;
    } else {
      word = (word ?? '') + (c === '\\' ? (line[++i] ?? '') : c);
    }
  }
  if (word !== null) words.push(word);
  return words;
}

describe('every spoke command line in the docs and the blog', () => {
  const lines = documentedCommands();

  it('finds the documented command lines', () => {
    expect(lines.length).toBeGreaterThan(150);
  });

  it.each(lines)('$where: $line', async ({ line }) => {
    const [first, ...args] = shellWords(line);
    expect(first).toBe('spoke');
    const result = await parse(args, SECTIONS);
    expect(['command', 'help', 'version']).toContain(result.kind);
  });
});

describe('shellWords', () => {
  it('keeps quoted text together and stops at a pipe', () => {
    expect(shellWords(`spoke call fs read --args '{"path": "a b"}' | head`)).toEqual([
      'spoke',
      'call',
      'fs',
      'read',
      '--args',
      '{"path": "a b"}',
    ]);
    expect(shellWords('spoke config set templates.author "Ada <ada@example.com>"')).toEqual([
      'spoke',
      'config',
      'set',
      'templates.author',
      'Ada <ada@example.com>',
    ]);
  });
});

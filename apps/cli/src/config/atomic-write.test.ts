import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODE_24 } from '../test/run-cli.ts';
import { writeFileAtomic } from './atomic-write.ts';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-atomic-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temporary file behind', () => {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('leaves the old file untouched when interrupted before the rename', () => {
    const file = path.join(dir, 'config.json');
    writeFileSync(file, 'old');
    expect(() =>
      writeFileAtomic(file, 'new', {
        beforeRename: () => {
          throw new Error('interrupted');
        },
      }),
    ).toThrow('interrupted');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('never shows a half-written file to a reader, even when the writer is killed', async () => {
    const file = path.join(dir, 'big.json');
    const module = path.resolve(import.meta.dirname, 'atomic-write.ts');
    // A child rewrites a large JSON file in a loop until it is killed at a random moment.
    const script = `
      import { writeFileAtomic } from ${JSON.stringify(module)};
      const file = ${JSON.stringify(file)};
      for (let i = 0; ; i++) writeFileAtomic(file, JSON.stringify({ i, pad: 'x'.repeat(2_000_000) }));
    `;
    for (let round = 0; round < 3; round++) {
      const child = spawn(NODE_24, ['--input-type=module', '-e', script]);
      while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 200));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('close', resolve));
      const data = JSON.parse(readFileSync(file, 'utf8')) as { i: number; pad: string };
      expect(data.pad).toHaveLength(2_000_000);
    }
  });
});

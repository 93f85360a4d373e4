import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `<resultsDir>/<suite>.json` and returns its path. */
export function writeResults(resultsDir: string, suite: string, data: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${suite}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

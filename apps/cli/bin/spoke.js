#!/usr/bin/env node
// The command set arrives with the CLI work; until then the tool only reports its version.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${pkg.version}\n`);
} else {
  process.stderr.write('spoke: no commands yet. Try `spoke --version`.\n');
  process.exitCode = 2;
}

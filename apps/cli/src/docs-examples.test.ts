import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@spoke/shared/testing/free-port';
import { BEFORE, ELSEWHERE, type Place } from './test/docs-scenes.ts';
import {
  BEFORE_LIVE,
  closePlatform,
  ELSEWHERE_LIVE,
  PLATFORM_PAGES,
  startPlatformOnce,
  STOP_WHEN_TOLD,
  UNTIL_STOPPED,
  type Step,
} from './test/docs-scenes-live.ts';
import { docsRegistries } from './test/docs-world.ts';
import { makeFixture, type Fixture } from './test/fixture.ts';
import {
  CONTENT,
  markdownFiles,
  pageExamples,
  shellWords,
  type Example,
} from './test/doc-examples.ts';
import { NODE_24, runCli, SOURCE_ENTRY } from './test/run-cli.ts';
import { onTerminal } from './test/terminal.ts';

/**
 * Every `spoke` example of the Quick Start and the command reference is run, in page order, and
 * what it prints is compared with the output the page shows after it. The Quick Start's pages
 * share one workspace, as a reader following them would; each command page starts in a fresh
 * workspace, made by `spoke init` unless the page begins with it. An example without shown output
 * must exit with 0.
 */
const CHAPTERS = [
  { dir: 'docs/quick-start', shared: true },
  { dir: 'docs/commands', shared: false },
];

/**
 * Pages (or chapters) that search and read registries run against local ones listing the
 * servers they show (test/docs-world.ts); the others keep the default registries, never asked.
 */
const WITH_REGISTRIES = [
  'docs/quick-start',
  'docs/commands/01-workspaces.md',
  'docs/commands/02-servers.md',
  'docs/commands/03-running-and-serving.md',
  'docs/commands/04-clients.md',
  'docs/commands/07-config-and-secrets.md',
  'docs/commands/08-policy.md',
];

/**
 * Examples that cannot run here, keyed by page and first `spoke` line, with the reason. The test
 * fails when one of them is no longer in the docs, so the list stays true.
 */
const NOT_RUN: Record<string, string> = {
  'docs/quick-start/04-connect-an-mcp-client.md: spoke export --client claude-desktop':
    "writes Claude Desktop's file on a Mac",
  'docs/quick-start/05-servers-that-need-secrets.md: spoke call github search_repositories --args \'{"query": "repo:modelcontextprotocol/servers", "perPage": 1}\'':
    "calls GitHub's API, and shows its answer shortened",
  'docs/quick-start/06-next-steps.md: spoke create weather --template tool':
    "npm install fetches the project's dependencies from npm, which cannot be reached here",
  'docs/commands/03-running-and-serving.md: spoke run filesystem --cwd /home/ada/demo':
    'an MCP client speaks to it on standard input',
};

/** What may differ between the docs and a run here, replaced the same way on both sides. */
const NORMALISE: [RegExp, string][] = [
  // Where secrets are kept depends on the machine: a keychain, or the encrypted file.
  [/OS keychain( \([^)]*\))?|encrypted file( \([^)]*\))?/g, '<secret store>'],
  [/ (keychain|encrypted-file)$/gm, ' <secret store>'],
  // Times and durations.
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?Z?)?( UTC)?/g, '<time>'],
  [/\b[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4}/g, '<time>'],
  [/\b\d+(\.\d+)? ?(ms|s)\b/g, '<duration>'],
  [/\bdurationMs(=|":)\d+/g, 'durationMs$1<duration>'],
  // Who ran a command, and on which machine, as the audit log records them.
  [/"user":"[^"]*","host":"[^"]*"/g, '"user":"<user>","host":"<host>"'],
  // A token made when spoke serve --http first starts.
  [/^Bearer token: \S+$/gm, 'Bearer token: <token>'],
  // Ports chosen when a test server starts.
  [/(127\.0\.0\.1|localhost):\d+/g, '$1:<port>'],
  // spoke's own version, printed alone on a line.
  [/^\d+\.\d+\.\d+$/gm, '<version>'],
  // Column padding: a table's widths follow its longest cells.
  [/ {2,}/g, '  '],
];

function normalise(text: string): string {
  let out = text;
  for (const [pattern, by] of NORMALISE) out = out.replace(pattern, by);
  return out
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** The fixture's temporary paths, written as the docs write them (Ada's home on Linux). */
function asDocsPaths(fx: Fixture, text: string, first: [string, string][] = []): string {
  const pairs: [string, string][] = [
    ...first,
    [fx.cwd, '/home/ada/demo'],
    [fx.configDir, '/home/ada/.config/spoke'],
    [path.join(fx.root, 'home'), '/home/ada'],
  ];
  return pairs.reduce((out, [from, to]) => out.split(from).join(to), text);
}

const keyOf = (example: Example) =>
  `${example.where.replace(/:\d+$/, '')}: ${example.lines.find((l) => l.startsWith('spoke '))}`;

/** Where the first match of `when` in `text` ends, or null. */
function endOf(when: string | RegExp, text: string): number | null {
  if (typeof when === 'string') {
    const at = text.indexOf(when);
    return at < 0 ? null : at + when.length;
  }
  const match = when.exec(text);
  return match ? match.index + match[0].length : null;
}

/**
 * Runs `spoke <args>` with standard output and error on one file, interleaved as on a screen.
 * A command that runs until stopped is given `steps`: each waits for its text, after the previous
 * one's, then acts; the last is Ctrl+C.
 */
function spoke(
  args: string[],
  place: Place,
  cwd: string,
  file: string,
  steps: Step[] = [],
): Promise<number> {
  const fd = openSync(file, 'a');
  const child = spawn(NODE_24, [SOURCE_ENTRY, ...args], {
    cwd,
    env: place.fx.env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const waiting = [...steps];
  let from = 0;
  const poll = waiting.length
    ? setInterval(() => {
        const step = waiting[0];
        if (!step) return clearInterval(poll);
        const end = endOf(step.when, readFileSync(file, 'utf8').slice(from));
        if (end === null) return;
        from += end;
        waiting.shift();
        if (step.then === 'stop') child.kill('SIGINT');
        else step.then(place);
      }, 50)
    : undefined;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', () => clearInterval(poll));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code ?? -1);
    });
  });
}

/**
 * What the reader types at the questions an output shows: a line `? <question>: <answer>` (or
 * `[y/N] <answer>`). An answer shown as `*` (hidden input) is typed as a token of that length.
 */
function typedAnswers(output: string | null): string[] {
  return (output ?? '')
    .split('\n')
    .filter((line) => line.startsWith('? '))
    .map((line) => {
      const at = Math.max(line.lastIndexOf(': '), line.lastIndexOf('] '));
      const answer = line.slice(at + 2);
      return /^\*+$/.test(answer) ? `ghp_${'x'.repeat(answer.length - 4)}` : answer;
    });
}

// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b\[[0-9;?]*[A-Za-z]/g;

/**
 * Runs `spoke <args>` on a pseudo-terminal, as the reader does when the output shows questions,
 * and types the next answer each time a question waits (a last line `? ...: ` or `? ...] `).
 */
async function spokeAtTerminal(
  args: string[],
  cwd: string,
  fx: Fixture,
  answers: string[],
): Promise<{ code: number; screen: string }> {
  const session = onTerminal(args, { cwd, env: fx.env });
  let done = false;
  const exit = session.exit.then((code) => {
    done = true;
    return code;
  });
  let answered = 0;
  while (!done) {
    const screen = session.screen().replace(ESCAPES, '');
    const waiting = /(^|\n)\? [^\n]*(: |\] )$/.test(screen);
    if (waiting && screen.length > answered) {
      answered = screen.length;
      session.type(`${answers.shift() ?? (screen.endsWith('[y/N] ') ? 'y' : '')}\r`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const screen = session.screen().replace(ESCAPES, '').replace(/\r+\n/g, '\n');
  return { code: await exit, screen };
}

/** Runs a shell line that is not `spoke`, such as `echo ... > hello.txt`. */
function sh(line: string, cwd: string, fx: Fixture): Promise<number> {
  const child = spawn('sh', ['-c', line], { cwd, env: fx.env, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });
}

type Page = { file: string; examples: Example[] };

let outputs = 0;

const chapters = CHAPTERS.map(({ dir, shared }) => ({
  dir,
  shared,
  pages: markdownFiles(path.join(CONTENT, dir)).map((file): Page => ({
    file,
    examples: pageExamples(file),
  })),
}));
const allKeys = new Set(chapters.flatMap((c) => c.pages.flatMap((p) => p.examples.map(keyOf))));

afterAll(closePlatform);

describe('the examples that are not run', () => {
  it.each(Object.keys(NOT_RUN))('%s is still in the docs', (key) => {
    expect(allKeys.has(key)).toBe(true);
  });
});

/** A chapter's (or a page's) workspace, with the registries it runs against. */
type World = { here: Place | null; registries: { close: () => Promise<void> } | null };

async function fresh(world: World, page: Page, init: boolean): Promise<void> {
  await close(world);
  const fx = makeFixture();
  world.here = { fx, cwd: fx.cwd, paths: [], close: async () => undefined };
  const where = path.relative(CONTENT, page.file);
  if (PLATFORM_PAGES.includes(where)) void startPlatformOnce();
  if (WITH_REGISTRIES.some((w) => where === w || where.startsWith(`${w}/`))) {
    world.registries = await docsRegistries(fx);
  }
  if (init && page.examples[0]?.lines[0] !== 'spoke init') {
    const run = await runCli(['init'], fx);
    if (run.code !== 0) throw new Error(run.stderr);
  }
}

async function close(world: World): Promise<void> {
  await world.registries?.close();
  world.here?.fx.cleanup();
  world.registries = null;
  world.here = null;
}

/**
 * The Quick Start's pages run in order in one workspace. The command pages, each in its own,
 * run at the same time as each other and as the Quick Start; a page's examples run in order.
 */
for (const chapter of chapters) {
  describe(chapter.dir, { concurrent: true }, () => {
    const shared: World = { here: null, registries: null };
    afterAll(() => close(shared));

    for (const page of chapter.pages) {
      describe(path.basename(page.file), { concurrent: !chapter.shared }, () => {
        const world = chapter.shared ? shared : { here: null, registries: null };
        if (!chapter.shared) afterAll(() => close(world));
        it('starts where the page starts', { concurrent: false, timeout: 240_000 }, async () => {
          if (!chapter.shared || world.here === null) await fresh(world, page, !chapter.shared);
        });
        for (const example of page.examples) {
          const key = keyOf(example);
          const reason = NOT_RUN[key];
          if (reason) continue;
          const name = `${example.where}: ${example.lines.join(' && ')}`;
          it(name, { concurrent: false, timeout: 240_000 }, async () => {
            const here = world.here!;
            const elsewhere = ELSEWHERE[key] ?? ELSEWHERE_LIVE[key];
            const place = elsewhere ? await elsewhere(here) : here;
            try {
              await (BEFORE_LIVE[key] ?? BEFORE[key])?.(place);
              await runExample(example, place, UNTIL_STOPPED[key]);
            } finally {
              if (place !== here) await place.close();
            }
          });
        }
      });
    }
  });
}

/** Runs an example's lines in a place and compares what they print with the output shown. */
async function runExample(
  example: Example,
  place: Place,
  steps: Step[] = STOP_WHEN_TOLD,
): Promise<void> {
  const f = place.fx;
  const file = path.join(f.root, `output-${++outputs}.txt`);
  let cwd = place.cwd;
  const codes: number[] = [];
  // A reader at a terminal answers the questions the output shows; when none is shown,
  // the default of each question, and yes to the approvals. A line with `--yes` is for
  // scripts, and runs without a terminal.
  const answers = typedAnswers(example.output);
  const interactive = answers.length > 0 || example.output === null;
  for (const line of example.lines) {
    // Paths the docs write, such as `--cwd /home/ada/demo`, are the fixture's; `$NAME`, the
    // environment's.
    const words = shellWords(line).map((w) =>
      w
        .split('/home/ada/demo')
        .join(f.cwd)
        .replace(/\$([A-Z_][A-Z0-9_]*)/g, (whole, name: string) => f.env[name] ?? whole),
    );
    if (words[0] === 'spoke' && words[1] === 'serve') {
      // Served on a free port (shown as the docs' port), and stopped once it says how.
      const port = String(await freePort());
      const args = words.slice(1).map((w) => (/^\d{4,5}$/.test(w) ? port : w));
      codes.push(await spoke(args, place, cwd, file, steps));
    } else if (words[0] === 'spoke' && words[1] === 'dev') {
      codes.push(await spoke(words.slice(1), place, cwd, file, steps));
    } else if (words[0] === 'spoke' && interactive && !words.includes('--yes')) {
      const run = await spokeAtTerminal(words.slice(1), cwd, f, answers);
      appendFileSync(file, run.screen);
      codes.push(run.code);
    } else if (words[0] === 'spoke') codes.push(await spoke(words.slice(1), place, cwd, file));
    else if (words[0] === 'cd') cwd = path.resolve(cwd, words[1] ?? '.');
    else codes.push(await sh(line, cwd, f));
  }
  place.cwd = cwd;
  const printed = readFileSync(file, { encoding: 'utf8', flag: 'a+' });
  if (example.output === null) {
    expect(
      codes.every((c) => c === 0),
      printed,
    ).toBe(true);
    return;
  }
  expect(
    shortenedAsShown(normalise(asDocsPaths(f, printed, place.paths)), normalise(example.output)),
  ).toBe(normalise(example.output));
}

/**
 * An output the page shortens with a line `...` shows its first and last lines: the lines
 * between them in what was printed (one at least) are left out the same way.
 */
function shortenedAsShown(printed: string, shown: string): string {
  const lines = shown.split('\n');
  const cut = lines.findIndex((line) => line.trim() === '...');
  const got = printed.split('\n');
  const head = cut;
  const tail = lines.length - cut - 1;
  if (cut < 0 || got.length <= head + tail) return printed;
  return [...got.slice(0, head), lines[cut]!, ...got.slice(got.length - tail)].join('\n');
}

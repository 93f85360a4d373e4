import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import { table } from '../lib/table.ts';
import { cliFixtures, secretWorkspace, type CliFixtures } from './fixtures.ts';
import { INSTALL_TARGET_MS, measureLocalInstall } from './install.ts';
import { median, peakRssMb, usesGnuTime, wallTimes, type Invocation } from './measure.ts';

/** `spoke --version` may take at most this multiple of a bare `node -e 0`. */
export const VERSION_RATIO_TARGET = 1.3;
export const RSS_TARGET_MB = 50;
export const INIT_TARGET_MS = 1000;

const repo = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(repo, 'apps/cli/bin/spoke.js');

/** A command: its name, how it is run, its target as shown, and whether a run met it. */
type Case = [string, Invocation, string, (ms: number, ratio: number, rss: number) => boolean];

type Row = {
  name: string;
  medianMs: number;
  ratio: number;
  peakRssMb: number;
  target: string;
  met: boolean | null;
};

function nodes(): { label: string; path: string }[] {
  const list = [{ label: `node ${process.version}`, path: process.execPath }];
  // The machine's own Node, when it differs: the bundle must start fast on any Node >= 20.
  if (existsSync('/usr/bin/node')) {
    const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
    if (version !== process.version) list.push({ label: `node ${version}`, path: '/usr/bin/node' });
  }
  return list;
}

async function measureNode(node: string, fx: CliFixtures, runs: number): Promise<Row[]> {
  const inv = (args: string[], cwd = fx.workspace, env = fx.env): Invocation => ({
    command: node,
    args,
    cwd,
    env,
  });
  const rss = (_: number, __: number, mb: number) => mb <= RSS_TARGET_MB;
  const secret = secretWorkspace(fx, node, BIN);
  // Each init gets an empty directory of its own: the real first run in a project.
  const init = inv([BIN, 'init', '--quiet'], fx.freshDir());
  const cases: Case[] = [
    ['node -e 0', inv(['-e', '0']), '', () => true],
    [
      'spoke --version',
      inv([BIN, '--version']),
      `<= ${VERSION_RATIO_TARGET}x, <= ${RSS_TARGET_MB} MB`,
      (_, ratio, rss) => ratio <= VERSION_RATIO_TARGET && rss <= RSS_TARGET_MB,
    ],
    [
      'spoke --help',
      inv([BIN, '--help']),
      `<= ${RSS_TARGET_MB} MB`,
      (_, __, rss) => rss <= RSS_TARGET_MB,
    ],
    [
      'spoke list',
      inv([BIN, 'list']),
      `<= ${RSS_TARGET_MB} MB`,
      (_, __, rss) => rss <= RSS_TARGET_MB,
    ],
    ['spoke status', inv([BIN, 'status']), `<= ${RSS_TARGET_MB} MB`, rss],
    [
      `spoke status (a stored secret${fx.httpsEnv ? ', https' : ''})`,
      inv([BIN, 'status'], secret.dir, secret.env),
      `<= ${RSS_TARGET_MB} MB`,
      rss,
    ],
    [
      'spoke discover tool',
      inv([BIN, 'discover', 'tool']),
      `<= ${RSS_TARGET_MB} MB`,
      (_, __, rss) => rss <= RSS_TARGET_MB,
    ],
    // As with the default configuration, whose registries are all https.
    ...(fx.httpsEnv
      ? [
          [
            'spoke discover tool (https)',
            inv([BIN, 'discover', 'tool'], fx.workspace, fx.httpsEnv),
            `<= ${RSS_TARGET_MB} MB`,
            rss,
          ] as Case,
          [
            'spoke discover tool (https, a stored secret)',
            inv([BIN, 'discover', 'tool'], secret.dir, secret.env),
            `<= ${RSS_TARGET_MB} MB`,
            rss,
          ] as Case,
        ]
      : []),
    [
      'spoke init',
      init,
      `< ${INIT_TARGET_MS} ms, <= ${RSS_TARGET_MB} MB`,
      (ms, _, rss) => ms < INIT_TARGET_MS && rss <= RSS_TARGET_MB,
    ],
  ];
  const fresh = () => void (init.cwd = fx.freshDir());
  const times = await wallTimes(
    cases.map(([, invocation]) => ({
      invocation,
      prepare: invocation === init ? fresh : undefined,
    })),
    runs,
    3,
  );
  const baseline = median(times[0]!);
  const rows: Row[] = [];
  const install = measureLocalInstall(node, BIN, fx.root, fx.env, Math.min(runs, 5));
  for (const [n, [name, invocation, target, met]] of cases.entries()) {
    if (invocation === init) fresh();
    const ms = median(times[n]!);
    const rss = await peakRssMb(invocation);
    const ratio = ms / baseline;
    rows.push({
      name,
      medianMs: ms,
      ratio,
      peakRssMb: rss,
      target,
      met: n === 0 ? null : met(ms, ratio, rss),
    });
  }
  // Starts an MCP server, so only its wall time has a target.
  rows.push({
    name: 'spoke install <path>',
    medianMs: install.medianMs,
    ratio: install.medianMs / baseline,
    peakRssMb: Number.NaN,
    target: `< ${INSTALL_TARGET_MS / 1000} s`,
    met: install.met,
  });
  return rows;
}

function format(label: string, rows: readonly Row[]): string {
  return `${label}\n${table(
    ['command', 'median ms', 'x node -e 0', 'peak RSS MB', 'target', ''],
    rows.map((r) => [
      r.name,
      r.medianMs.toFixed(1),
      r.ratio.toFixed(2),
      Number.isNaN(r.peakRssMb) ? '-' : r.peakRssMb.toFixed(1),
      r.target,
      r.met === null ? '' : r.met ? 'MET' : 'MISSED',
    ]),
  )}`;
}

/**
 * The CLI's start-up: the built bundle (bin/spoke.js) against a bare `node -e 0` measured in the
 * same run, with peak memory, for commands that start no MCP server.
 */
export async function run(ctx: BenchContext): Promise<void> {
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 20);
  console.log('building the CLI bundle ...');
  execFileSync(process.execPath, [path.join(repo, 'apps/cli/scripts/build.ts')], {
    stdio: 'inherit',
  });
  const fx = await cliFixtures();
  const report: Record<string, Row[]> = {};
  try {
    console.log(
      `${runs} runs per command, taking turns, after 3 warm-up rounds; ` +
        `peak RSS from ${usesGnuTime() ? 'GNU time' : 'process.resourceUsage()'}\n`,
    );
    for (const node of nodes()) {
      report[node.label] = await measureNode(node.path, fx, runs);
      console.log(`${format(node.label, report[node.label]!)}\n`);
    }
  } finally {
    await fx.close();
  }
  const file = writeResults(ctx.resultsDir, 'cli', {
    generatedAt: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    runs,
    targets: {
      versionRatio: VERSION_RATIO_TARGET,
      peakRssMb: RSS_TARGET_MB,
      initMs: INIT_TARGET_MS,
      localInstallMs: INSTALL_TARGET_MS,
    },
    results: report,
  });
  console.log(`written to ${file}`);
}

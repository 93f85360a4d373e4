/** Which databases a soak run covers: `--db pglite|postgres`, both by default. */
export type SoakDatabase = 'pglite' | 'postgres';

export type SoakContext = { databases: SoakDatabase[] };

/** What a suite found: lines for the report, and whether every invariant held. */
export type SoakReport = { findings: string[]; ok: boolean };

/** A suite is a file directly under soak/ (other than run.ts) exporting this. */
export type SoakSuite = { run: (ctx: SoakContext) => Promise<SoakReport> };

/** Prints a line on stdout (the suites report there, as the benchmarks do). */
export function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

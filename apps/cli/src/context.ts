import type { Output } from './output/output.ts';

/** What every command receives besides its own arguments and flags. */
export type CommandContext = {
  /** The directory the command acts in: `--cwd`, resolved, or the process's own. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: Output;
};

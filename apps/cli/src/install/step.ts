import { failure, type CliError } from '../errors.ts';
import { npmInstall, type NpmInstalled } from './npm.ts';
import { serverDir } from './server-dir.ts';

/** Ctrl+C (or SIGTERM) during a command that installs, and the error the command then ends with. */
export type Interrupt = { signal: AbortSignal; error: () => CliError };

/**
 * Runs a command that installs with Ctrl+C caught: instead of ending the process at once, it
 * aborts the step under way, which puts back what it changed, and the command exits with 1.
 */
export async function interruptible<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

export const interruption = (signal: AbortSignal, message: string): Interrupt => ({
  signal,
  error: () => failure('INSTALL_FAILED', message),
});

/** What `spoke install` ends with after Ctrl+C: it writes both files only once all went well. */
export const INSTALL_INTERRUPTED =
  'install interrupted; spoke.json and spoke.lock.json are unchanged';

/** Stops before the next step once Ctrl+C was pressed. */
export function checkInterrupt(interrupt: Interrupt): void {
  if (interrupt.signal.aborted) throw interrupt.error();
}

export type InstallStep = {
  /** `.spoke/servers/<name>` */
  dir: string;
  /** Moves the installed version aside and installs the package in its place. */
  install: (identifier: string, version: string, env: NodeJS.ProcessEnv) => Promise<NpmInstalled>;
  /**
   * Puts the version that was there back, if `install` ran, and returns the error to report for
   * `err`: the interruption's own once Ctrl+C was pressed.
   */
  rollback: (err: unknown) => unknown;
  /** Drops the old version, once the records name the new one. */
  done: () => void;
};

/** One server's package, installed so that a failure or Ctrl+C at any later point can undo it. */
export function installStep(workspaceDir: string, name: string, interrupt: Interrupt): InstallStep {
  const dir = serverDir(workspaceDir, name);
  let prepared = false;
  return {
    dir: dir.dir,
    async install(identifier, version, env) {
      checkInterrupt(interrupt);
      dir.prepare();
      prepared = true;
      return npmInstall({
        dir: dir.dir,
        workspaceDir,
        identifier,
        version,
        env,
        signal: interrupt.signal,
      });
    },
    rollback(err) {
      if (prepared) dir.rollback();
      prepared = false;
      return interrupt.signal.aborted ? interrupt.error() : err;
    },
    done() {
      if (prepared) dir.done();
      prepared = false;
    },
  };
}

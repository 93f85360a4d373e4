import { buildCli } from '../../scripts/build.ts';

/** The bundle is what users run; tests of bin/spoke.js need it fresh. */
export default async function setup(): Promise<void> {
  await buildCli();
}

import { createRequire } from 'node:module';
import type * as GlobalSchema from './global-schema.ts';

/**
 * The zod schemas of config.json and of the managed policy, evaluated on first use: zod and the
 * schemas' objects cost a command about 1.5 MB of its 50, and a valid config.json is read
 * without them (global-check.ts). Synchronous, so that reading the config stays synchronous.
 * scripts/build.ts replaces this file with a `require` that esbuild bundles as a module
 * evaluated on the first call.
 */
const load = createRequire(import.meta.url);
let loaded: typeof GlobalSchema | undefined;

export const globalSchemas = (): typeof GlobalSchema =>
  (loaded ??= load('./global-schema.ts') as typeof GlobalSchema);

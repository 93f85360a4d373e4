#!/usr/bin/env node
// Enabling the compile cache here, before the bundle is read, lets Node (>= 22.1) reuse the
// compiled bundle on the next run.
import module from 'node:module';

module.enableCompileCache?.();
try {
  await import('../dist/spoke.js');
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !String(err.message).includes('dist/spoke.js'))
    throw err;
  process.stderr.write('error: this copy of spoke is not built\nhint: run npm run build\n');
  process.exitCode = 1;
}

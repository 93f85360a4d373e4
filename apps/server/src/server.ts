import { closeCompiler, warmCompiler } from '@spoke/agents';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ConfigError } from './config/config-error.ts';

// Only listens and shuts down; everything else is built in app.ts.
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  // The compiler's workers belong to the process, not to the app: they go last.
  await closeCompiler();
});

try {
  await app.listen({ port: config.port, host: config.host });
  // The compiler's worker loads its language model now, not on the first description.
  warmCompiler();
  app.log.info(
    `Spoke is serving ${config.appUrl} (${app.spoke.database.kind}${config.databaseUrl ? '' : ` under ${config.dataDir}`})`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}

import { createIntegrationSandbox, type IntegrationSandbox } from '@spoke/agents';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Extra wall-clock time a sandbox gets past the run's own limit before it is killed. */
const WALL_CLOCK_GRACE_MS = 30_000;

/**
 * Tests and sets up the sandbox for npm integrations (see docs/decisions/014) and logs which mode
 * is in force. Rejects only when INTEGRATIONS_SANDBOX=bubblewrap and bubblewrap does not work:
 * the server then refuses to start.
 */
export async function startIntegrationSandbox(
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<IntegrationSandbox> {
  const { integrations, runs } = config;
  const sandbox = await createIntegrationSandbox({
    setting: integrations.sandbox,
    bwrapPath: integrations.bwrapPath,
    dataDir: config.dataDir,
    network: { allowPrivateNetworks: config.allowPrivateNetworks },
    limits: {
      memoryMb: integrations.memoryMb,
      processes: integrations.maxProcesses,
      cpuSeconds: Math.ceil(runs.timeLimitMs / 1000),
      wallClockMs: runs.timeLimitMs + WALL_CLOCK_GRACE_MS,
    },
    egressLog: ({ target, allowed, reason }) => {
      if (allowed) log.debug({ target }, 'integration egress allowed');
      else log.warn({ target, reason }, 'integration egress refused');
    },
  });
  const { mode, detail } = sandbox.status;
  if (mode === 'bubblewrap') log.info({ sandbox: mode }, detail);
  else log.warn({ sandbox: mode }, detail);
  return sandbox;
}

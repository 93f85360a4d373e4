import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MirrorNetwork } from './mirror-fetch.ts';
import { createMirrorService } from './mirror.ts';
import { createModerationService } from './moderation.ts';
import { createPublisherAuth, type DomainKeySources } from './publisher-auth.ts';
import { createRegistryService } from './service.ts';

/**
 * The MCP registry: its read API and publishing, publishers' logins (`secret` signs their
 * registry tokens), moderation, and mirrors of upstream registries. Publishing, moderation and
 * mirroring each forget the kept listings. The app registers `registryApiRoutes`,
 * `ownRegistryRoutes` and `registryAdminRoutes`, and starts and stops the mirror.
 */
export function createRegistry(deps: {
  config: AppConfig;
  db: Db;
  secret: string;
  /** Where domains' public keys are read; tests serve keys of their own. */
  domainKeys?: DomainKeySources;
  /** How the mirror connects; tests let it reach an upstream of their own. */
  mirrorNetwork?: MirrorNetwork['hooks'];
  log: FastifyBaseLogger;
}) {
  const { config, db } = deps;
  const registry = createRegistryService(db, { listingCacheMs: config.registryCacheMs });
  const mirror = createMirrorService({
    db,
    network: { allowPrivateNetworks: config.allowPrivateNetworks, hooks: deps.mirrorNetwork },
    intervalMs: config.registryMirrorIntervalMs,
    onListingsChanged: registry.forgetListings,
    log: deps.log,
  });
  return {
    registry,
    publisherAuth: createPublisherAuth(deps.secret, deps.domainKeys),
    moderation: createModerationService(db, registry.forgetListings),
    mirror,
  };
}

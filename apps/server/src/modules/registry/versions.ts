import { and, eq } from 'drizzle-orm';
import { ErrorCode, type RegistryEntry } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { registryServers, registryVersions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { createDownloadCounter, type DownloadClient } from './downloads.ts';
import { byPublicationDesc, toEntry, type ServerRow } from './entries.ts';

/** What an entry is made of, beside its server's row. */
const VERSION_COLUMNS = {
  version: registryVersions.version,
  document: registryVersions.document,
  publishedAt: registryVersions.publishedAt,
  upstreamMeta: registryVersions.upstreamMeta,
};

/** A server's versions, the latest published first. */
export async function versionsOf(db: Db, name: string) {
  const rows = await db
    .select(VERSION_COLUMNS)
    .from(registryVersions)
    .where(eq(registryVersions.serverName, name));
  return rows.sort(byPublicationDesc);
}

/** One server's versions as the read API answers them, and its downloads counted. */
export function createVersionReader(db: Db) {
  const downloads = createDownloadCounter(db);

  async function serverRow(name: string): Promise<ServerRow | undefined> {
    const [row] = await db.select().from(registryServers).where(eq(registryServers.name, name));
    return row;
  }

  /** A listed server: deleted ones answer as if they did not exist. */
  async function visibleServer(name: string): Promise<ServerRow> {
    const row = await serverRow(name);
    if (!row || row.status === 'deleted') {
      throw new AppError(404, ErrorCode.NOT_FOUND, { message: 'Server not found' });
    }
    return row;
  }

  return {
    async versions(name: string): Promise<RegistryEntry[]> {
      const server = await visibleServer(name);
      return (await versionsOf(db, name)).map((v) => toEntry(server, v));
    },

    /**
     * One version, or the latest; `installer` when a client fetches it to install it: counted
     * once per client, server and day.
     */
    async version(
      name: string,
      version: string,
      installer?: DownloadClient,
    ): Promise<RegistryEntry> {
      let server = await visibleServer(name);
      const wanted = version === 'latest' ? server.latestVersion : version;
      const [row] = await db
        .select(VERSION_COLUMNS)
        .from(registryVersions)
        .where(and(eq(registryVersions.serverName, name), eq(registryVersions.version, wanted)));
      if (!row)
        throw new AppError(404, ErrorCode.NOT_FOUND, { message: 'Server version not found' });
      if (installer) {
        await downloads.count(name, installer);
        server = await visibleServer(name);
      }
      return toEntry(server, row);
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registryDownloadSalts, registryDownloads, registryServers } from '../../db/schema.ts';

/** Who fetched a version to install it: a token's user, or else the address it came from. */
export type DownloadClient = { userId: string } | { ip: string };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Download counts: one per client, server and UTC day, however often the client fetches. The
 * client is kept only as a SHA-256 with that day's random salt; salts and client rows of past
 * days are deleted, so an address cannot be found again by trying them all.
 */
export function createDownloadCounter(db: Db) {
  let salt: { day: string; value: string } | undefined;

  async function saltOf(day: string): Promise<string> {
    if (salt?.day === day) return salt.value;
    await db
      .insert(registryDownloadSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ salt: registryDownloadSalts.salt })
      .from(registryDownloadSalts)
      .where(eq(registryDownloadSalts.day, day));
    // A new day: yesterday's clients are no longer needed, nor any older salt.
    await db.delete(registryDownloadSalts).where(lt(registryDownloadSalts.day, day));
    await db.delete(registryDownloads).where(lt(registryDownloads.day, day));
    salt = { day, value: row!.salt };
    return salt.value;
  }

  return {
    /** Counts the download unless this client was counted for this server today. */
    async count(serverName: string, client: DownloadClient, now = new Date()): Promise<void> {
      const day = dayOf(now);
      const who = 'userId' in client ? `user:${client.userId}` : `ip:${client.ip}`;
      const clientHash = createHash('sha256')
        .update(`${await saltOf(day)}\n${who}`)
        .digest('base64url');
      // One statement: the first insert of (server, day, client) is the one that counts.
      await db.execute(sql`
        with first as (
          insert into ${registryDownloads} (server_name, day, client_hash)
          values (${serverName}, ${day}, ${clientHash})
          on conflict do nothing
          returning 1
        )
        update ${registryServers}
        set download_count = ${registryServers.downloadCount} + 1
        where ${eq(registryServers.name, serverName)} and exists (select 1 from first)
      `);
    },
  };
}

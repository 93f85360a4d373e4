import { asc, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  namespaceOf,
  ownNamespace,
  type RegistryEntry,
  type ServerDetail,
} from '@spoke/shared';
import { problemFields, problemSentence, validateServerJson } from '@spoke/shared/server-json';
import type { Db } from '../../db/client.ts';
import { registryNamespaces, registryServers, registryVersions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { permits } from './publisher-auth.ts';
import { isNewer, searchTextOf, toEntry, type ServerRow } from './entries.ts';

/** Namespaces no user can claim: the platform's own. */
const RESERVED_NAMESPACES = new Set(['dev.spoke', 'dev.spoke.catalog']);

/** The namespaces a domain proof never reaches: the tree Spoke gives its own users. */
const isSpokeNamespace = (namespace: string) =>
  namespace === 'dev.spoke' || namespace.startsWith('dev.spoke.');

/**
 * Who publishes: a Spoke user (by API token, or by a registry token exchanged for one), or the
 * holder of a domain proved by signature (no Spoke account). `allowed`: the name patterns a
 * registry token grants; publishing outside them is refused whatever else the user may do.
 */
export type Publisher =
  { id: string; username: string; allowed?: string[] } | { domain: string; allowed: string[] };

/** Publishing a server.json version; `published` is told after each version stored. */
export function createPublishing(db: Db, { published }: { published: () => void }) {
  /** Who may publish in a namespace: its owner by grant or claim, or the user it is named for. */
  async function mayPublishIn(
    namespace: string,
    user: { id: string; username: string },
  ): Promise<'owned' | 'claimable' | false> {
    if (RESERVED_NAMESPACES.has(namespace)) return false;
    const [row] = await db
      .select({ userId: registryNamespaces.userId })
      .from(registryNamespaces)
      .where(eq(registryNamespaces.namespace, namespace));
    if (row) return row.userId === user.id ? 'owned' : false;
    if (namespace !== ownNamespace(user.username)) return false;
    // Usernames that name one namespace (`foo_bar`, `foo-bar`; refused at sign-up since) may
    // remain from before: the namespace is the earliest account's, not the first publisher's.
    const [first] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`lower(replace(${users.username}, '_', '-')) = ${namespace.slice('dev.spoke.'.length)}`,
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(1);
    return first?.id === user.id ? 'claimable' : false;
  }

  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

  /**
   * Stores a published version in a transaction that has locked its server's row (`existing`, or
   * none yet): the server is made on its first version, owned by `ownerId`, and its latest version
   * and search text move only for a newer version; the server's updatedAt is left as it was, as a
   * new version changes no other version. A version published already is refused.
   */
  async function storeVersion(
    tx: Tx,
    existing: ServerRow | undefined,
    document: ServerDetail & Record<string, unknown>,
    ownerId: string | null,
  ): Promise<RegistryEntry> {
    const now = new Date();
    const latest = !existing || isNewer(document.version, existing.latestVersion);
    if (existing && latest) {
      await tx
        .update(registryServers)
        .set({ latestVersion: document.version, searchText: searchTextOf(document) })
        .where(eq(registryServers.name, document.name));
    }
    const [server] = existing
      ? await tx.select().from(registryServers).where(eq(registryServers.name, document.name))
      : await tx
          .insert(registryServers)
          .values({
            name: document.name,
            origin: 'published',
            ownerId,
            trustLevel: 'unverified',
            latestVersion: document.version,
            searchText: searchTextOf(document),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
    const [inserted] = await tx
      .insert(registryVersions)
      .values({
        serverName: document.name,
        version: document.version,
        document,
        publishedAt: now,
        publishedBy: ownerId,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      throw new AppError(400, ErrorCode.CONFLICT, {
        message: `${document.name} ${document.version} is already published; versions are immutable, so publish a new version.`,
      });
    }
    return toEntry(server!, inserted);
  }

  /**
   * A version published on a domain proof: in the domain's namespace, on a server no Spoke
   * account owns, in a namespace no Spoke account holds. The server has no owner; the next
   * proof of the same domain publishes its next version.
   */
  async function publishProven(
    domain: string,
    namespace: string,
    document: ServerDetail & Record<string, unknown>,
  ): Promise<RegistryEntry> {
    if (isSpokeNamespace(namespace)) {
      throw new AppError(403, ErrorCode.FORBIDDEN, {
        message: `${namespace} is a namespace of this registry's accounts; publish there with a Spoke API token.`,
      });
    }
    const [held] = await db
      .select({ userId: registryNamespaces.userId })
      .from(registryNamespaces)
      .where(eq(registryNamespaces.namespace, namespace));
    if (held) {
      throw new AppError(403, ErrorCode.FORBIDDEN, {
        message: `The namespace ${namespace} is held by an account of this registry; its holder publishes there with a Spoke API token.`,
      });
    }
    const entry = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(registryServers)
        .where(eq(registryServers.name, document.name))
        .for('update');
      if (existing && (existing.ownerId !== null || existing.origin !== 'published')) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: `${document.name} belongs to a publisher with an account on this registry, not to the proof of ${domain}.`,
        });
      }
      return storeVersion(tx, existing, document, null);
    });
    published();
    return entry;
  }

  return {
    /**
     * Publishes one version of a server.json. As the official registry answers: 400 when the
     * document is invalid or the version exists (`code` CONFLICT), 403 outside the publisher's
     * namespaces.
     */
    async publish(publisher: Publisher, body: unknown): Promise<RegistryEntry> {
      const problems = validateServerJson(body);
      if (problems.length) {
        throw new AppError(400, ErrorCode.BAD_REQUEST, {
          message: problemSentence(problems),
          fields: problemFields(problems),
        });
      }
      const document = body as ServerDetail & Record<string, unknown>;
      const namespace = namespaceOf(document.name);
      if (publisher.allowed && !publisher.allowed.some((p) => permits(p, document.name))) {
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message: `This registry token may publish only under ${publisher.allowed.join(', ')}, not ${document.name}.`,
        });
      }
      if ('domain' in publisher) return publishProven(publisher.domain, namespace, document);
      const user = publisher;
      const right = await mayPublishIn(namespace, user);
      if (!right) {
        const own = ownNamespace(user.username);
        throw new AppError(403, ErrorCode.FORBIDDEN, {
          message:
            namespace === own
              ? `The namespace ${own} belongs to another publisher; ask an administrator to grant you a namespace.`
              : `You may publish only in ${own} and namespaces granted to you, not in ${namespace}.`,
        });
      }
      const entry = await db.transaction(async (tx) => {
        if (right === 'claimable') {
          await tx
            .insert(registryNamespaces)
            .values({ namespace, userId: user.id })
            .onConflictDoNothing();
          // Another user may have claimed it in the meantime.
          const [owner] = await tx
            .select({ userId: registryNamespaces.userId })
            .from(registryNamespaces)
            .where(eq(registryNamespaces.namespace, namespace));
          if (owner?.userId !== user.id) {
            throw new AppError(403, ErrorCode.FORBIDDEN, {
              message: `The namespace ${namespace} belongs to another publisher.`,
            });
          }
        }
        const [existing] = await tx
          .select()
          .from(registryServers)
          .where(eq(registryServers.name, document.name))
          .for('update');
        if (existing && existing.ownerId !== user.id) {
          throw new AppError(403, ErrorCode.FORBIDDEN, {
            message: `${document.name} belongs to another publisher.`,
          });
        }
        return storeVersion(tx, existing, document, user.id);
      });
      published();
      return entry;
    },
  };
}

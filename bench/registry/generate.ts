import { sql } from 'drizzle-orm';
import { INTEGRATION_CATEGORIES, SERVER_SCHEMA_URL, TRUST_LEVELS } from '@spoke/shared';
import type { App } from '../../apps/server/src/app.ts';
import { registryServers, registryVersions } from '../../apps/server/src/db/schema.ts';
import { searchTextOf } from '../../apps/server/src/modules/registry/entries.ts';

const WORDS = [
  'github',
  'slack',
  'postgres',
  'weather',
  'calendar',
  'search',
  'files',
  'notes',
  'tickets',
  'billing',
  'metrics',
  'logs',
  'deploy',
  'chat',
  'mail',
  'docs',
  'images',
  'maps',
  'crm',
  'kanban',
  'browser',
  'shell',
  'memory',
  'translate',
  'finance',
  'security',
  'scanner',
  'vector',
  'graph',
  'queue',
  'cache',
  'storage',
  'audio',
  'video',
  'pdf',
  'sheets',
  'forms',
  'survey',
  'iot',
  'home',
];
const ORGS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'tyrell'];

/** The name of generated server number `i`. */
export function nameOf(i: number): string {
  const a = WORDS[i % WORDS.length]!;
  const b = WORDS[(i * 7 + 3) % WORDS.length]!;
  return `io.github.${ORGS[i % ORGS.length]!}${i}/${a}-${b}-${i}`;
}

/** A deterministic set of `count` servers, one version each, written straight to the database. */
export async function insertServers(
  app: App,
  count: number,
  beforeAnalyse: () => Promise<void> = async () => {},
): Promise<void> {
  const db = app.spoke.database.db;
  const now = Date.now();
  // 2,000 rows a statement: 18,000 parameters, well under PostgreSQL's 65,535.
  const batch = 2_000;
  for (let start = 0; start < count; start += batch) {
    const servers = [];
    const versions = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const a = WORDS[i % WORDS.length]!;
      const b = WORDS[(i * 7 + 3) % WORDS.length]!;
      const org = ORGS[i % ORGS.length]!;
      const document = {
        $schema: SERVER_SCHEMA_URL,
        name: nameOf(i),
        description: `Connects agents to ${a} and ${b}: tools number ${i % 97}`,
        version: `1.${i % 10}.0`,
        packages: [
          {
            registryType: 'npm',
            identifier: `@${org}/${a}-${b}-${i}`,
            version: `1.${i % 10}.0`,
            transport: { type: 'stdio' },
          },
        ],
      };
      const at = new Date(now - i * 1000);
      servers.push({
        name: document.name,
        origin: 'published' as const,
        trustLevel: TRUST_LEVELS[i % TRUST_LEVELS.length]!,
        category: INTEGRATION_CATEGORIES[i % INTEGRATION_CATEGORIES.length]!,
        latestVersion: document.version,
        searchText: searchTextOf(document),
        createdAt: at,
        updatedAt: at,
      });
      versions.push({
        serverName: document.name,
        version: document.version,
        document,
        publishedAt: at,
      });
    }
    await db.insert(registryServers).values(servers);
    await db.insert(registryVersions).values(versions);
  }
  await beforeAnalyse();
  // A live database has statistics (autovacuum keeps them); a bulk load has none until then.
  await db.execute(sql`analyze registry_servers`);
  await db.execute(sql`analyze registry_versions`);
}

/** What people type: common and rare words, two-word queries, a prefix, a miss. */
export const QUERIES = [
  'github',
  'slack',
  'weather maps',
  'post',
  'acme',
  'kanban',
  'pdf sheets',
  'tools number 42',
  'security scanner',
  'io.github.hooli',
  'nothing-matches-this',
  'vector',
];

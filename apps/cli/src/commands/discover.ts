import type { CommandContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { textTable, truncate } from '../output/table.ts';
import { searchRegistries, type Hit, type SearchOutcome } from '../registry/search.ts';
import { selectRegistries } from '../registry/selection.ts';
import {
  isRemote,
  localNameOf,
  packageTypes,
  registryLicense,
  statusOf,
} from '../registry/server-meta.ts';

export type DiscoverOptions = CommandContext & {
  query: string | undefined;
  limit: number;
  format: 'simple' | 'table' | 'json';
  registry: string | undefined;
};

function toJson(hit: Hit) {
  const { server } = hit.item;
  return {
    name: server.name,
    version: server.version,
    description: server.description ?? null,
    registry: hit.registry.name,
    trustLevel: hit.trustLevel,
    status: statusOf(hit.item),
    license: registryLicense(hit.item),
    localName: localNameOf(server.name),
    packageTypes: packageTypes(hit.item),
    remote: isRemote(hit.item),
  };
}

function simple(hits: readonly Hit[]): string {
  return hits
    .flatMap((hit) => {
      const { server } = hit.item;
      const marks = [hit.registry.name, hit.trustLevel];
      if (statusOf(hit.item) === 'deprecated') marks.push('deprecated');
      const head = `${server.name} ${server.version} (${marks.join(', ')})`;
      return server.description ? [head, `  ${server.description}`] : [head];
    })
    .join('\n');
}

function table(hits: readonly Hit[]): string {
  return textTable(
    ['NAME', 'VERSION', 'REGISTRY', 'TRUST', 'DESCRIPTION'],
    hits.map((hit) => {
      const { server } = hit.item;
      const deprecated = statusOf(hit.item) === 'deprecated' ? '[deprecated] ' : '';
      return [
        server.name,
        server.version,
        hit.registry.name,
        hit.trustLevel,
        truncate(`${deprecated}${server.description ?? ''}`, 50),
      ];
    }),
  );
}

function summary(outcome: SearchOutcome, options: DiscoverOptions): string {
  const count = outcome.hits.length;
  const base = count
    ? `${count} result${count === 1 ? '' : 's'} (--limit ${options.limit}).`
    : `No results${options.query ? ` for "${options.query}"` : ''} (--limit ${options.limit}).`;
  if (!outcome.more || !count) return base;
  return options.limit < 100
    ? `${base} More results are available; raise --limit (up to 100).`
    : `${base} More results are available; narrow the query.`;
}

export async function discover(options: DiscoverOptions): Promise<void> {
  const { out, env } = options;
  const selection = selectRegistries(env, options.registry);
  for (const r of selection.blocked) {
    out.note(`skipping registry ${r.name}: the policy's allowed-registries does not include it`);
  }
  if (!selection.asked.length) {
    throw new CliError('no registry to ask: the policy allows none of the configured registries', {
      code: 'REGISTRY_UNAVAILABLE',
      hint: 'see spoke policy show and spoke registry list',
    });
  }
  const outcome = await searchRegistries(selection, { ...options, env, out });
  if (!outcome.answered) {
    const reasons = outcome.failures.map((f) => `${f.registry} (${f.message})`);
    throw new CliError(
      outcome.failures.length === 1
        ? `registry ${reasons[0]} did not answer`
        : `no registry answered: ${reasons.join('; ')}`,
      {
        code: 'REGISTRY_UNAVAILABLE',
        hint: 'check the network and the registries with: spoke health',
      },
    );
  }
  for (const f of outcome.failures) {
    if (f.skipped) out.note(`skipping registry ${f.registry}: ${f.message}`);
    else
      out.warn(
        `registry ${f.registry} did not answer (${f.message}); showing results from the others`,
      );
  }
  if (options.format === 'json') {
    return out.data({
      query: options.query ?? null,
      limit: options.limit,
      servers: outcome.hits.map(toJson),
      more: outcome.more,
      warnings: outcome.failures.map((f) => ({ registry: f.registry, message: f.message })),
    });
  }
  if (outcome.hits.length)
    out.result(options.format === 'table' ? table(outcome.hits) : simple(outcome.hits));
  out.info('');
  out.info(summary(outcome, options));
}

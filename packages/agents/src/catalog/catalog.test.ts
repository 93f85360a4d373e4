import { INTEGRATION_CATEGORIES } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_SERVER_IDS,
  hasServer,
  INTEGRATIONS,
  placeholdersOf,
  transportOf,
  websiteOf,
  type Integration,
} from './index.ts';
import sourcesJson from './sources.json' with { type: 'json' };
import { sourceProblems, sourcesOf, type SourceCheck } from './sources.ts';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// The official server.json name: reverse-DNS namespace, a slash, then the server's own name.
const REGISTRY_NAME = /^[a-z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

const duplicates = (values: readonly string[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

/** The strings of a provider that may hold `{NAME}` placeholders. */
const templatesOf = (integration: Integration): string[] => {
  const { provider } = integration;
  if (provider.kind === 'npm') return [...(provider.args ?? [])];
  if (provider.kind === 'remote') return [provider.url, ...Object.values(provider.headers ?? {})];
  return [];
};

describe('integrations catalog', () => {
  it('holds at least 250 integrations, sorted by unique kebab-case id', () => {
    expect(INTEGRATIONS.length).toBeGreaterThanOrEqual(250);
    const ids = INTEGRATIONS.map((integration) => integration.id);
    expect(duplicates(ids)).toEqual([]);
    expect(ids.filter((id) => !KEBAB.test(id))).toEqual([]);
    expect(ids).toEqual([...ids].sort());
  });

  it('gives every integration a unique, well-formed registry name', () => {
    const names = INTEGRATIONS.map((integration) => integration.registryName);
    expect(duplicates(names)).toEqual([]);
    expect(names.filter((name) => !REGISTRY_NAME.test(name))).toEqual([]);
  });

  it('names remote servers dev.spoke.catalog/<id>', () => {
    const wrong = INTEGRATIONS.filter(
      (integration) =>
        integration.provider.kind === 'remote' &&
        integration.registryName !== `dev.spoke.catalog/${integration.id}`,
    ).map((integration) => integration.id);
    expect(wrong).toEqual([]);
  });

  it('describes each integration in one line of 1 to 100 characters', () => {
    const bad = INTEGRATIONS.filter(
      ({ description }) =>
        description.length < 1 || description.length > 100 || /\n/.test(description),
    ).map((integration) => `${integration.id}: ${integration.description.length}`);
    expect(bad).toEqual([]);
    expect(INTEGRATIONS.filter((integration) => integration.name.trim() === '')).toEqual([]);
  });

  it('files every integration under a known category', () => {
    const categories: readonly string[] = INTEGRATION_CATEGORIES;
    const bad = INTEGRATIONS.filter((integration) => !categories.includes(integration.category));
    expect(bad.map((integration) => integration.id)).toEqual([]);
  });

  it('uses lower-case, non-empty keywords and aliases', () => {
    for (const integration of INTEGRATIONS) {
      expect(integration.keywords.length, integration.id).toBeGreaterThan(0);
      for (const word of [...integration.keywords, ...integration.aliases]) {
        expect(word, integration.id).toBe(word.toLowerCase());
        expect(word.trim(), integration.id).not.toBe('');
      }
      expect(duplicates(integration.keywords), integration.id).toEqual([]);
    }
  });

  it('gives each alias to one integration only, never the name or id of another', () => {
    const owners = new Map<string, string>();
    for (const integration of INTEGRATIONS) {
      for (const alias of integration.aliases) {
        expect(owners.get(alias), `alias "${alias}" of ${integration.id}`).toBeUndefined();
        owners.set(alias, integration.id);
      }
    }
    for (const integration of INTEGRATIONS) {
      const taken = [integration.name.toLowerCase(), integration.id];
      for (const owner of taken.map((word) => owners.get(word))) {
        if (owner !== undefined)
          expect(owner, `${integration.id} is another's alias`).toBe(integration.id);
      }
    }
  });

  // The compiler picks an integration by the words of a description: a word that points at two
  // services, or at another service's name, would make it pick the wrong one.
  it('points each keyword and alias at one integration, never at the name or id of another', () => {
    const owners = new Map<string, Set<string>>();
    const claim = (word: string, id: string) => {
      if (!owners.has(word)) owners.set(word, new Set());
      owners.get(word)!.add(id);
    };
    for (const integration of INTEGRATIONS) {
      for (const word of [...integration.keywords, ...integration.aliases]) {
        claim(word, integration.id);
      }
    }
    const names = new Map<string, string>();
    for (const integration of INTEGRATIONS) {
      for (const name of [integration.name.toLowerCase(), integration.id]) {
        names.set(name, integration.id);
        names.set(name.replace(/-/g, ' '), integration.id);
      }
    }
    const shared = [...owners]
      .filter(
        ([word, ids]) => ids.size > 1 || [...ids].some((id) => (names.get(word) ?? id) !== id),
      )
      .map(
        ([word, ids]) =>
          `"${word}": ${[...new Set([...ids, names.get(word)])].filter(Boolean).join(', ')}`,
      );
    expect(shared).toEqual([]);
  });

  it("uses no generic word as a keyword or alias, unless it is the integration's own name or id", () => {
    const generic = new Set(
      'review form order ticket task email chat message post file invoice payment newsletter meeting calendar'
        .split(' ')
        .flatMap((word) => [word, `${word}s`]),
    );
    const bad = INTEGRATIONS.flatMap((integration) =>
      [...integration.keywords, ...integration.aliases]
        .filter((word) => generic.has(word))
        .filter((word) => word !== integration.name.toLowerCase() && word !== integration.id)
        .map((word) => `${integration.id}: ${word}`),
    );
    expect(bad).toEqual([]);
  });

  it('lists a two-character name (G2) among its aliases, so that it is matched as a name', () => {
    const short = INTEGRATIONS.filter((integration) => integration.name.length === 2);
    expect(short.map((integration) => integration.id)).toContain('g2');
    for (const integration of short) {
      expect(integration.aliases, integration.id).toContain(integration.name.toLowerCase());
    }
  });

  it('declares env vars in upper snake case with their secret and required flags', () => {
    for (const integration of INTEGRATIONS) {
      const names = integration.env.map((variable) => variable.name);
      expect(duplicates(names), integration.id).toEqual([]);
      for (const variable of integration.env) {
        const where = `${integration.id}.${variable.name}`;
        expect(variable.name, where).toMatch(ENV_NAME);
        expect(typeof variable.secret, where).toBe('boolean');
        expect(typeof variable.required, where).toBe('boolean');
        expect(variable.description.trim(), where).not.toBe('');
      }
    }
  });

  it('fills provider placeholders only from required env vars of the same integration', () => {
    for (const integration of INTEGRATIONS) {
      const required = new Set(integration.env.filter((v) => v.required).map((v) => v.name));
      for (const name of templatesOf(integration).flatMap(placeholdersOf)) {
        expect(required.has(name), `${integration.id} uses {${name}}`).toBe(true);
      }
    }
  });

  it('marks every credential secret (a path to a key file is not the key itself)', () => {
    const tokenLike = /(TOKEN|SECRET|PASSWORD|PASS|API_KEY|APP_KEY|PRIVATE_KEY)$/;
    const exposed = INTEGRATIONS.flatMap((integration) =>
      integration.env
        .filter((variable) => tokenLike.test(variable.name) && !variable.secret)
        .filter((variable) => !variable.description.startsWith('Path to'))
        .map((variable) => `${integration.id}.${variable.name}`),
    );
    expect(exposed).toEqual([]);
  });

  it('gives events unique ids per integration and phrases people would write', () => {
    for (const integration of INTEGRATIONS) {
      const ids = integration.events.map((event) => event.id);
      expect(duplicates(ids), integration.id).toEqual([]);
      for (const event of integration.events) {
        const where = `${integration.id}/${event.id}`;
        expect(event.name.trim(), where).not.toBe('');
        expect(event.phrases.length, where).toBeGreaterThan(0);
        for (const phrase of event.phrases) expect(phrase, where).toBe(phrase.toLowerCase());
      }
    }
  });

  it('lists known tools with a name and a one-line description', () => {
    for (const integration of INTEGRATIONS) {
      expect(duplicates(integration.tools.map((tool) => tool.name)), integration.id).toEqual([]);
      for (const tool of integration.tools) {
        expect(tool.name, integration.id).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(tool.description.trim(), `${integration.id}.${tool.name}`).not.toBe('');
        expect(tool.description, `${integration.id}.${tool.name}`).not.toMatch(/\n/);
      }
    }
  });

  it('uses https for every remote server', () => {
    for (const integration of INTEGRATIONS) {
      if (integration.provider.kind === 'remote') {
        expect(integration.provider.url, integration.id).toMatch(/^https:\/\//);
      }
    }
  });

  it("records the vendor's documentation of every remote endpoint and the website of every service without a server", () => {
    expect(sourceProblems(INTEGRATIONS)).toEqual([]);
    for (const integration of INTEGRATIONS) {
      if (integration.provider.kind === 'remote') {
        expect(integration.source, integration.id).toMatch(/^https:\/\/[^\s{}]+$/);
      } else {
        expect(integration.source, integration.id).toBeUndefined();
      }
      if (integration.provider.kind === 'none') {
        expect(websiteOf(integration), integration.id).toMatch(/^https:\/\/[^\s{}]+$/);
      } else {
        expect(websiteOf(integration), integration.id).toBeNull();
      }
    }
  });

  it('keeps sources.json current (run scripts/check-catalog.ts after changing an entry)', () => {
    const recorded: SourceCheck = sourcesJson as SourceCheck;
    expect(recorded).toEqual(sourcesOf(INTEGRATIONS));
    expect(Object.keys(recorded)).toEqual(Object.keys(recorded).sort());
  });
});

describe('known services without a server', () => {
  const known = INTEGRATIONS.filter((integration) => !hasServer(integration));

  it('are part of the catalog, next to the ones Spoke can run', () => {
    expect(known.length).toBeGreaterThan(0);
    expect(INTEGRATIONS.length - known.length).toBeGreaterThanOrEqual(150);
    for (const id of ['g2', 'trustpilot', 'calendly', 'whatsapp', 'quickbooks']) {
      expect(known.map((integration) => integration.id)).toContain(id);
    }
  });

  it('need no settings, offer no tools and have no transport', () => {
    for (const integration of known) {
      expect(integration.env, integration.id).toEqual([]);
      expect(integration.tools, integration.id).toEqual([]);
      expect(transportOf(integration), integration.id).toBe('none');
      expect(integration.registryName, integration.id).toBe(`dev.spoke.catalog/${integration.id}`);
    }
  });

  it('can still name events the service sends to a webhook', () => {
    const typeformLike = known.filter((integration) => integration.events.length > 0);
    expect(typeformLike.map((integration) => integration.id)).toContain('calendly');
    for (const integration of typeformLike) {
      for (const event of integration.events) expect(event.webhook, integration.id).toBeUndefined();
    }
  });
});

describe('built-in integrations', () => {
  it('has exactly one integration per built-in server, named dev.spoke/<id>', () => {
    for (const server of BUILTIN_SERVER_IDS) {
      const matches = INTEGRATIONS.filter(
        (integration) =>
          integration.provider.kind === 'builtin' && integration.provider.server === server,
      );
      expect(
        matches.map((integration) => integration.id),
        server,
      ).toEqual([server]);
      expect(matches[0]!.registryName).toBe(`dev.spoke/${server}`);
      expect(matches[0]!.env).toEqual([]);
    }
    const builtins = INTEGRATIONS.filter((integration) => integration.provider.kind === 'builtin');
    expect(builtins).toHaveLength(BUILTIN_SERVER_IDS.length);
  });

  it('lists the tools the built-in servers offer', () => {
    const toolsOf = (id: string) =>
      INTEGRATIONS.find((integration) => integration.id === id)!.tools.map((tool) => tool.name);
    expect(toolsOf('http-request')).toEqual(['http_request']);
    expect(toolsOf('web-page')).toEqual(['fetch_page']);
    expect(toolsOf('rss')).toEqual(['read_feed']);
    expect(toolsOf('email')).toEqual(['send_email']);
    expect(toolsOf('webhook')).toEqual(['send_webhook']);
    expect(toolsOf('clock')).toEqual(['now', 'next_runs']);
    expect(toolsOf('memory')).toEqual(['memory_get', 'memory_set', 'memory_delete', 'memory_list']);
    expect(toolsOf('transform')).toEqual(['json_query', 'csv_to_json', 'json_to_csv']);
    expect(toolsOf('sql')).toEqual(['sql_describe', 'sql_query']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  hasServer,
  INTEGRATIONS,
  integrationById,
  npmPackageInfo,
  placeholdersOf,
  transportOf,
  websiteOf,
} from './index.ts';

// The landing page's example prompts (apps/web marketing demo) and the integrations they name.
const PROMPT_SAMPLES_INTEGRATIONS: readonly (readonly [string, readonly string[]])[] = [
  [
    'Every weekday at 9am, summarise new Zendesk tickets and post the summary to our #support channel in Slack',
    ['zendesk', 'slack'],
  ],
  [
    'When a GitHub issue is labelled bug, create a Linear ticket and notify the on-call engineer by e-mail',
    ['github', 'linear', 'email'],
  ],
  [
    "Every Monday, pull last week's Stripe revenue and email a report to finance@company.com",
    ['stripe', 'email'],
  ],
  ['Watch our RSS feed and post each new article to LinkedIn and X', ['rss', 'linkedin', 'x']],
];

describe('integrationById', () => {
  it('finds integrations by id and nothing else', () => {
    expect(integrationById('github')?.name).toBe('GitHub');
    expect(integrationById('GitHub')).toBeUndefined();
    expect(integrationById('no-such-integration')).toBeUndefined();
  });
});

describe('transportOf', () => {
  it('runs built-ins in-process, npm servers over stdio and remotes over their transport', () => {
    expect(transportOf(integrationById('rss')!)).toBe('in-process');
    expect(transportOf(integrationById('stripe')!)).toBe('stdio');
    expect(transportOf(integrationById('linear')!)).toBe('streamable-http');
    expect(transportOf(integrationById('jira')!)).toBe('sse');
  });

  it('gives every integration one of the four transports, or none when it has no server', () => {
    const transports = new Set(INTEGRATIONS.map(transportOf));
    expect([...transports].sort()).toEqual([
      'in-process',
      'none',
      'sse',
      'stdio',
      'streamable-http',
    ]);
    for (const integration of INTEGRATIONS) {
      expect(transportOf(integration) === 'none', integration.id).toBe(!hasServer(integration));
    }
  });
});

describe('hasServer', () => {
  it('tells the entries Spoke can run from the services it only knows by name', () => {
    expect(hasServer(integrationById('rss')!)).toBe(true);
    expect(hasServer(integrationById('stripe')!)).toBe(true);
    expect(hasServer(integrationById('linear')!)).toBe(true);
    expect(hasServer(integrationById('g2')!)).toBe(false);
    expect(websiteOf(integrationById('g2')!)).toBe('https://www.g2.com');
    expect(websiteOf(integrationById('stripe')!)).toBeNull();
  });
});

describe('npmPackageInfo', () => {
  it('returns the checked version and license of an npm integration', () => {
    const info = npmPackageInfo(integrationById('stripe')!);
    expect(info?.license).toBe('MIT');
    expect(info?.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('returns null for built-in, remote and serverless integrations', () => {
    expect(npmPackageInfo(integrationById('email')!)).toBeNull();
    expect(npmPackageInfo(integrationById('github')!)).toBeNull();
    expect(npmPackageInfo(integrationById('trustpilot')!)).toBeNull();
  });
});

describe('provider templates', () => {
  it('lists and fills the placeholders of a provider string', () => {
    const zendesk = integrationById('zendesk')!;
    if (zendesk.provider.kind !== 'remote') throw new Error('zendesk should be remote');
    expect(placeholdersOf(zendesk.provider.url)).toEqual(['ZENDESK_SUBDOMAIN']);
    expect(expandTemplate(zendesk.provider.url, { ZENDESK_SUBDOMAIN: 'acme' })).toBe(
      'https://acme.zendesk.com/api/mcp',
    );
  });

  it('escapes values when asked, so a value cannot reshape a URL', () => {
    expect(
      expandTemplate('https://{SUB}.example.com/x', { SUB: 'a/b?c' }, encodeURIComponent),
    ).toBe('https://a%2Fb%3Fc.example.com/x');
  });

  it('names the missing value instead of starting a server with a hole in it', () => {
    expect(() => expandTemplate('Bearer {TOKEN}', {})).toThrow(/Missing value for TOKEN/);
    expect(() => expandTemplate('Bearer {TOKEN}', { TOKEN: '' })).toThrow(/TOKEN/);
    expect(expandTemplate('no placeholders', {})).toBe('no placeholders');
  });
});

describe("the landing page's example prompts", () => {
  it('name only integrations the catalog has', () => {
    for (const [prompt, ids] of PROMPT_SAMPLES_INTEGRATIONS) {
      for (const id of ids) expect(integrationById(id), `${id} in "${prompt}"`).toBeDefined();
    }
  });

  it('can trigger on the events they describe', () => {
    const events = (id: string) => integrationById(id)!.events.map((event) => event.id);
    expect(events('github')).toContain('issues.labeled');
    expect(events('zendesk')).toContain('ticket.created');
  });

  it('recognise each integration by its name or an alias', () => {
    const names = (id: string) => {
      const integration = integrationById(id)!;
      return [integration.name.toLowerCase(), ...integration.aliases];
    };
    expect(names('x')).toContain('twitter');
    expect(names('email')).toContain('e-mail');
    expect(names('github')).toContain('gh');
    expect(names('microsoft-teams')).toContain('ms teams');
    expect(names('gmail')).toContain('google mail');
  });
});

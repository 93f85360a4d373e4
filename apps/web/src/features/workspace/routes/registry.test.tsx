import type { RegistryEntry } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';
import { entry, registryApi } from './test-registry.ts';

const GITHUB = 'io.github.github/github-mcp-server';
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

const github = {
  name: GITHUB,
  title: 'GitHub',
  description: 'Issues, pull requests and code search on GitHub',
  repository: { url: 'https://github.com/github/github-mcp-server', source: 'github' },
  packages: [
    {
      registryType: 'npm',
      identifier: '@github/github-mcp-server',
      version: '1.2.0',
      transport: { type: 'stdio' },
      environmentVariables: [
        {
          name: 'GITHUB_PERSONAL_ACCESS_TOKEN',
          description: 'A token with repo scope',
          isRequired: true,
          isSecret: true,
        },
        { name: 'GITHUB_HOST', description: 'For GitHub Enterprise', default: 'github.com' },
      ],
    },
  ],
  remotes: [
    {
      type: 'streamable-http',
      url: 'https://api.example.com/mcp/',
      headers: [{ name: 'Authorization', isRequired: true, isSecret: true }],
    },
  ],
};

function catalog(): RegistryEntry[] {
  return [
    entry(
      { ...github, version: '1.2.0' },
      {
        trustLevel: 'trusted',
        category: 'Code',
        downloadCount: 1843,
        tools: [{ name: 'create_issue', description: 'Open an issue in a repository' }],
      },
    ),
    entry(
      { ...github, version: '1.1.0' },
      { trustLevel: 'trusted', category: 'Code' },
      { isLatest: false, status: 'deprecated', publishedAt: '2026-01-10T10:00:00.000Z' },
    ),
    entry(
      { name: 'com.slack/slack', description: 'Messages and channels in Slack' },
      { category: 'Communication', downloadCount: 1 },
    ),
    entry(
      { name: 'dev.spoke.ada/old-tool', description: 'An old helper' },
      { trustLevel: 'unverified', category: 'Utilities' },
      { status: 'deprecated' },
    ),
    entry(
      {
        name: 'dev.spoke.mallory/evil',
        description: XSS,
        repository: { url: 'javascript:alert(1)', source: 'github' },
      },
      { trustLevel: 'unverified', category: 'Utilities', license: null },
    ),
    ...Array.from({ length: 30 }, (_, i) =>
      entry({ name: `dev.spoke.ada/tool-${i}`, description: `Filler number ${i}` }, {}),
    ),
  ];
}

let failNext = 0;
const registry = registryApi(catalog);

function api(req: RecordedRequest, res: ServerResponse) {
  if (req.path === '/api/account/me') return sendJson(res, 200, { data: { user: sampleUser } });
  if (req.path.startsWith('/registry/') && failNext > 0) {
    failNext -= 1;
    return sendRaw(res, 429);
  }
  if (!registry(req, res)) sendRaw(res, 404);
}

const server = suiteServer(api);
afterEach(() => {
  failNext = 0;
});

const open = (path: string) => renderSignedIn(path);

const results = () => screen.findByRole('list', { name: 'Servers' });
const cards = () => within(screen.getByRole('list', { name: 'Servers' })).getAllByRole('listitem');
const listRequests = () =>
  server.requests
    .filter(
      (r) => r.path.startsWith('/registry/v0.1/servers?') || r.path === '/registry/v0.1/servers',
    )
    .map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));

describe('registry list', () => {
  it('lists servers with version, trust level in words, category and downloads, if any', async () => {
    open('/app/workspace/registry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registry' })).toBeTruthy();
    await results();
    expect(document.title).toBe('Registry · Spoke');
    expect(cards()).toHaveLength(30);
    const card = within(cards()[0] as HTMLElement);
    expect(card.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe(
      `/app/workspace/registry/${GITHUB}`,
    );
    expect(card.getByText(GITHUB)).toBeTruthy();
    expect(card.getByText('v1.2.0')).toBeTruthy();
    // The level is in words, with a label for screen readers: never colour alone.
    expect(card.getByText('Trusted').textContent).toBe('Trust level: Trusted');
    expect(card.getByText('Code')).toBeTruthy();
    expect(card.getByText('1,843 downloads')).toBeTruthy();
    expect(within(cards()[1] as HTMLElement).getByText('1 download')).toBeTruthy();
    expect(within(cards()[2] as HTMLElement).getByText('Deprecated')).toBeTruthy();
    // No count until there are downloads: "0 downloads" on every new server reads as made up.
    expect(cards()[2]!.textContent).not.toMatch(/download/i);
  });

  it('searches as you type, once typing pauses, and keeps the search in the address', async () => {
    const { user, router } = open('/app/workspace/registry');
    await results();
    await user.type(screen.getByLabelText('Search servers'), 'github');
    await waitFor(() => expect(router.state.location.search).toBe('?q=github'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listRequests().filter((q) => q.search)).toEqual([
      { version: 'latest', search: 'github' },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Showing 1 server matching “github”');
  });

  it('filters by category and trust level through the address', async () => {
    const { user, router } = open('/app/workspace/registry');
    await results();
    await user.selectOptions(screen.getByLabelText('Category'), 'Utilities');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Utilities'));
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Trust level'), 'unverified');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=Utilities&trust=unverified'),
    );
    expect(listRequests().at(-1)).toEqual({
      version: 'latest',
      category: 'Utilities',
      trust: 'unverified',
    });
  });

  it('starts from the filters in the address, ignoring unknown values', async () => {
    open('/app/workspace/registry?q=slack&category=Communication&trust=bogus');
    await results();
    expect(cards()).toHaveLength(1);
    expect((screen.getByLabelText('Search servers') as HTMLInputElement).value).toBe('slack');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Communication');
    expect((screen.getByLabelText('Trust level') as HTMLSelectElement).value).toBe('');
    expect(listRequests()).toEqual([
      { version: 'latest', search: 'slack', category: 'Communication' },
    ]);
  });

  it('says when nothing matches, and clears the filters', async () => {
    const { user, router } = open('/app/workspace/registry?q=nothing-like-this&category=Finance');
    expect(
      await screen.findByText('No servers match “nothing-like-this”, category Finance.'),
    ).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await results();
    expect((screen.getByLabelText('Search servers') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
  });

  it('shows the error and tries again', async () => {
    failNext = 1;
    const { user } = open('/app/workspace/registry');
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await results();
    expect(cards()).toHaveLength(30);
  });

  it('loads the next page with the cursor', async () => {
    const { user } = open('/app/workspace/registry');
    await results();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(34));
    expect(listRequests().at(-1)).toEqual({ version: 'latest', cursor: '30' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('renders a description as text, never as markup', async () => {
    open('/app/workspace/registry?q=evil');
    await results();
    expect(screen.getByText(XSS)).toBeTruthy();
    expect(document.querySelector('main img, main script')).toBeNull();
  });
});

describe('server page', () => {
  it('shows packages, secret and required variables, remotes, tools and facts', async () => {
    open(`/app/workspace/registry/${GITHUB}`);
    // Named by its title, with the registry's id under it.
    expect(await screen.findByRole('heading', { level: 1, name: 'GitHub' })).toBeTruthy();
    expect(screen.getByText(GITHUB)).toBeTruthy();
    await screen.findByText('Issues, pull requests and code search on GitHub');
    expect(document.title).toBe('GitHub · Registry · Spoke');

    const packages = within(screen.getByRole('region', { name: 'Packages' }));
    expect(packages.getByRole('heading', { name: '@github/github-mcp-server' })).toBeTruthy();
    expect(packages.getByText('npm')).toBeTruthy();
    expect(packages.getByText('stdio')).toBeTruthy();
    const vars = within(packages.getByRole('list', { name: /Environment variables/ }));
    const [token, host] = vars.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(token).getByText('GITHUB_PERSONAL_ACCESS_TOKEN')).toBeTruthy();
    expect(within(token).getByText('Required')).toBeTruthy();
    expect(within(token).getByText('Secret')).toBeTruthy();
    expect(within(host).getByText('Optional')).toBeTruthy();
    expect(within(host).queryByText('Secret')).toBeNull();
    expect(within(host).getByText('github.com')).toBeTruthy();

    const remotes = within(screen.getByRole('region', { name: 'Remote endpoints' }));
    expect(remotes.getByText('https://api.example.com/mcp/')).toBeTruthy();
    expect(remotes.getByText('Authorization')).toBeTruthy();

    const tools = within(screen.getByRole('region', { name: 'Tools' }));
    expect(tools.getByText('create_issue')).toBeTruthy();

    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByText('MIT')).toBeTruthy();
    expect(about.getByText('Downloads').nextElementSibling?.textContent).toBe('1,843 downloads');
    const repo = about.getByRole('link', { name: /github\.com\/github\/github-mcp-server/ });
    expect(repo.getAttribute('href')).toBe('https://github.com/github/github-mcp-server');
    expect(repo.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByText('Trusted').length).toBeGreaterThan(0);
  });

  it('lists every version with its status and date', async () => {
    open(`/app/workspace/registry/${GITHUB}`);
    const versions = within(await screen.findByRole('list', { name: 'Versions' }));
    const [latest, older] = versions.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(latest).getByRole('link', { name: '1.2.0' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(latest).getByText('Latest')).toBeTruthy();
    expect(within(latest).getByText('Active')).toBeTruthy();
    expect(within(older).getByText('Deprecated')).toBeTruthy();
    expect(within(older).getByText('Jan 10, 2026')).toBeTruthy();
    expect(within(older).getByRole('link', { name: '1.1.0' }).getAttribute('href')).toBe(
      `/app/workspace/registry/${GITHUB}?version=1.1.0`,
    );
  });

  it('shows an earlier version, marked deprecated, with its own install command', async () => {
    const { user } = open(`/app/workspace/registry/${GITHUB}?version=1.1.0`);
    expect(await screen.findByText(/This server is deprecated/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the latest version' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy install command' }));
    expect(await navigator.clipboard.readText()).toBe(`spoke install ${GITHUB}@1.1.0`);
  });

  it('copies the install command and says so to screen readers', async () => {
    const { user } = open(`/app/workspace/registry/${GITHUB}`);
    const copy = await screen.findByRole('button', { name: 'Copy install command' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(`spoke install ${GITHUB}`);
    expect(copy.textContent).toBe('Copied');
    const install = screen.getByRole('region', { name: 'Install in a workspace' });
    expect(within(install).getByRole('status').textContent).toBe('Copied');
  });

  it('links only http(s) repositories and renders the description as text', async () => {
    open('/app/workspace/registry/dev.spoke.mallory/evil');
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(document.querySelector('main img, main script')).toBeNull();
    const about = within(screen.getByRole('region', { name: 'About' }));
    expect(about.getByText('javascript:alert(1)')).toBeTruthy();
    expect(about.queryByRole('link')).toBeNull();
    expect(about.getByText('Not stated')).toBeTruthy();
    // Never downloaded: no count at all rather than a zero.
    expect(screen.getByRole('region', { name: 'About' }).textContent).not.toMatch(/download/i);
  });

  it('says so for an unknown server, with a way back', async () => {
    open('/app/workspace/registry/dev.spoke.nobody/nothing');
    expect(await screen.findByText('The registry has no server by this name.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the registry' }).getAttribute('href')).toBe(
      '/app/workspace/registry',
    );
  });

  it('leads back to the list with its filters', async () => {
    const { user, router } = open('/app/workspace/registry?category=Code');
    await results();
    await user.click(screen.getByRole('link', { name: 'GitHub' }));
    await screen.findByRole('heading', { level: 1, name: GITHUB });
    await user.click(screen.getByRole('link', { name: 'Back to Registry' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Code'));
    expect(router.state.location.pathname).toBe('/app/workspace/registry');
  });
});

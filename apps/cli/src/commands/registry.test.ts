import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';

let fx: Fixture;
beforeEach(() => void (fx = makeFixture()));
afterEach(() => fx.cleanup());

const spoke = (...args: string[]) => runCli(args, fx);
const configText = () => readFileSync(path.join(fx.configDir, 'config.json'), 'utf8');

describe('spoke registry', () => {
  it('lists the default registries by priority', async () => {
    const r = await spoke('registry', 'list');
    expect(r.stdout).toBe(
      [
        'PRIORITY  NAME      TYPE       TRUST       SCOPE  URL',
        '10        official  official   trusted     *      https://registry.modelcontextprotocol.io',
        '20        spoke     community  verified    *      http://localhost:3000/registry',
        `30        local     local      unverified  *      ${path.join(fx.configDir, 'registry.json')}`,
        '',
      ].join('\n'),
    );
  });

  it('adds registries with the documented defaults and output', async () => {
    const acme = await spoke(
      'registry',
      'add',
      'acme',
      'https://mcp.acme.example/registry',
      '--type',
      'enterprise',
      '--priority',
      '5',
      '--trust',
      'trusted',
      '--scope',
      'com.acme',
    );
    expect(acme.code).toBe(0);
    expect(acme.stdout).toBe(
      'Added registry acme (enterprise, priority 5, trusted, scope com.acme)\n',
    );
    expect(acme.stderr).toBe('hint: if it needs a token, run: spoke login --registry acme\n');
    const team = await runCli(
      ['registry', 'add', 'team', './shared/registry.json', '--trust', 'verified'],
      fx,
    );
    expect(team.stdout).toBe('Added registry team (local, priority 40, verified, scope *)\n');
    expect(team.stderr).toBe('');
    const list = await spoke('registry', 'list', '--json');
    expect(list.json<{ registries: unknown[] }>().registries).toEqual([
      {
        name: 'acme',
        url: 'https://mcp.acme.example/registry',
        scope: 'com.acme',
        type: 'enterprise',
        priority: 5,
        trustLevel: 'trusted',
        healthCheck: null,
        allowedByPolicy: true,
        loggedIn: false,
      },
      expect.objectContaining({
        name: 'official',
        healthCheck: { enabled: true, endpoint: '/v0/health', interval: '5m' },
      }),
      expect.objectContaining({ name: 'spoke' }),
      expect.objectContaining({ name: 'local' }),
      expect.objectContaining({
        name: 'team',
        url: path.join(fx.cwd, 'shared/registry.json'),
        type: 'local',
      }),
    ]);
  });

  it('refuses bad additions with exit code 2 and leaves config.json as it was', async () => {
    await spoke('registry', 'list');
    await spoke('registry', 'add', 'acme', 'https://a.example', '--scope', 'com.acme');
    const before = configText();
    const cases: [string[], string][] = [
      [
        ['registry', 'add', 'official', 'https://x.example'],
        'error: registry official already exists (priority 10, https://registry.modelcontextprotocol.io)',
      ],
      [
        ['registry', 'add', 'x', 'https://x.example', '--priority', '20'],
        'error: priority 20 is already used by registry spoke',
      ],
      [
        ['registry', 'add', 'x', 'https://x.example', '--scope', 'com.acme'],
        'error: scope com.acme is already claimed by registry acme',
      ],
      [['registry', 'add', 'x', 'ftp://x.example'], 'error: invalid URL "ftp://x.example"'],
      [
        ['registry', 'add', 'x', 'https://x.example', '--type', 'local'],
        'error: a local registry is a JSON file',
      ],
      [
        ['registry', 'add', 'x', './r.json', '--type', 'official'],
        'error: a official registry needs an http:// or https:// URL',
      ],
      [
        ['registry', 'add', 'Bad_Name', 'https://x.example'],
        'error: invalid registry name "Bad_Name"',
      ],
      [
        ['registry', 'add', 'x', 'https://x.example', '--priority', '1001'],
        'error: --priority must be a whole number from 0 to 1000, got "1001"',
      ],
      [
        ['registry', 'add', 'x', 'https://x.example', '--trust', 'high'],
        'error: unknown value for --trust: "high" (expected trusted, verified or unverified)',
      ],
      [
        ['registry', 'add', 'x', 'https://x.example', '--scope', 'Acme'],
        'error: invalid --scope "Acme"',
      ],
    ];
    for (const [args, message] of cases) {
      const r = await spoke(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.startsWith(message), r.stderr).toBe(true);
    }
    expect(configText()).toBe(before);
  });

  it('removes a registry and changes priorities', async () => {
    const moved = await spoke('registry', 'set-priority', 'spoke', '8');
    expect(moved.stdout).toBe('Priority of spoke set to 8 (was 20)\n');
    expect((await spoke('registry', 'set-priority', 'official', '8')).stderr).toBe(
      'error: priority 8 is already used by registry spoke\nhint: to swap two registries, move one to a free number first\n',
    );
    expect((await spoke('registry', 'set-priority', 'nope', '3')).code).toBe(2);
    expect((await spoke('registry', 'set-priority', 'spoke', 'x')).code).toBe(2);
    const removed = await spoke('registry', 'remove', 'local', '--json');
    expect(removed.json()).toEqual({ ok: true });
    const list = await spoke('registry', 'list', '--json');
    expect(
      list
        .json<{ registries: { name: string; priority: number }[] }>()
        .registries.map((r) => [r.name, r.priority]),
    ).toEqual([
      ['spoke', 8],
      ['official', 10],
    ]);
    const again = await spoke('registry', 'remove', 'local');
    expect([again.code, again.stderr]).toEqual([
      2,
      'error: no registry named local\nhint: see spoke registry list\n',
    ]);
  });

  it('marks registries the policy blocks, and shows the address SPOKE_URL gives', async () => {
    fx.writeConfig({ security: { allowedRegistries: ['official'] } });
    const r = await runCli(['registry', 'list'], {
      ...fx,
      env: { ...fx.env, SPOKE_URL: 'https://spoke.example.com' },
    });
    expect(r.stdout).toContain(
      '20        spoke     community  verified    *      https://spoke.example.com/registry (blocked by policy)\n',
    );
  });
});

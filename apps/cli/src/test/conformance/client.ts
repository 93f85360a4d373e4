/**
 * The client under test for the MCP conformance suite's client scenarios: given the scenario's
 * server URL (the last argument) and its name (MCP_CONFORMANCE_SCENARIO), it does with `spoke`
 * what a user would: a workspace whose one server is that remote URL, the scenario's client
 * credentials in spoke.json (the secret in the secret store) where it gives them (with its
 * identity provider and the user's ID token for cross-app access), the suite's
 * client metadata document with `spoke config` where the scenario is about it, `spoke login`
 * where the scenario needs a sign-in (the "browser" follows the authorization URL, as a person
 * approving it would), `spoke update --yes` to read and accept its tools, then `spoke call`.
 *
 * Run: node client.ts <server-url>; exits with the first failing spoke command's code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_24, SOURCE_ENTRY } from '../run-cli.ts';
import { addRemote } from './workspace.ts';

const url = process.argv.at(-1)!;
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string>;

const root = mkdtempSync(path.join(os.tmpdir(), 'spoke-conformance-'));
const cwd = path.join(root, 'work');
const browser = path.join(root, 'browser');
for (const dir of [cwd, path.join(root, 'home')]) mkdirSync(dir, { recursive: true });
// The person at the browser: opens the authorization URL and follows its redirects back to
// spoke's listener on 127.0.0.1.
writeFileSync(
  browser,
  `#!/bin/sh\nexec ${JSON.stringify(NODE_24)} -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`,
);
chmodSync(browser, 0o755);

const env: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: path.join(root, 'home'),
  SPOKE_CONFIG_DIR: path.join(root, 'config'),
  XDG_STATE_HOME: path.join(root, 'state'),
  BROWSER: browser,
};

function spoke(...args: string[]): string {
  return spokeWithInput(undefined, ...args);
}

/** `spoke <args>` with `input` on its standard input (as a secret is piped in, in CI). */
function spokeWithInput(input: string | undefined, ...args: string[]): string {
  process.stderr.write(`$ spoke ${args.join(' ')}\n`);
  const run = spawnSync(NODE_24, [SOURCE_ENTRY, ...args], { cwd, env, encoding: 'utf8', input });
  process.stderr.write(run.stdout + run.stderr);
  if (run.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    process.exit(run.status ?? 1);
  }
  return run.stdout;
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * `spoke <args>` at a terminal (util-linux's `script`), as a person runs a tool: a sign-in with
 * more scope opens the browser, and each question the server asks is answered with Enter, which
 * keeps the default shown.
 */
async function spokeAtTerminal(...args: string[]): Promise<void> {
  process.stderr.write(`$ spoke ${args.join(' ')}\n`);
  const command = [NODE_24, SOURCE_ENTRY, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd,
    env: { ...env, TERM: 'dumb' },
  });
  let screen = '';
  let answered = 0;
  const onData = (chunk: Buffer) => {
    process.stderr.write(chunk);
    screen += chunk.toString();
    const questions = screen.match(/(?:^|\n)\? /g)?.length ?? 0;
    for (; answered < questions; answered++) child.stdin.write('\r');
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) {
    rmSync(root, { recursive: true, force: true });
    process.exit(code);
  }
}

/** The client ID metadata document's URL that the suite's `auth/basic-cimd` expects. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** What each scenario's server expects to be called with. */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
};

spoke('init', 'conformance');
addRemote(cwd, 'conf', url);
if (scenario.startsWith('auth/client-credentials-')) {
  // A machine's own client: its id in spoke.json, its secret or private key in the secret store,
  // named there. Every command signs in with it; there is no login.
  const [name, value] = context.private_key_pem
    ? ['PRIVATE_KEY', context.private_key_pem]
    : ['CLIENT_SECRET', context.client_secret!];
  spokeWithInput(value, 'config', 'set', `servers.conf.env.${name}`, '--type', 'secret');
  const file = path.join(cwd, 'spoke.json');
  const workspace = JSON.parse(readFileSync(file, 'utf8')) as {
    servers: Record<string, Record<string, unknown>>;
  };
  workspace.servers.conf!.oauth = context.private_key_pem
    ? {
        clientId: context.client_id,
        privateKey: `{${name}}`,
        algorithm: context.signing_algorithm,
      }
    : { clientId: context.client_id, clientSecret: `{${name}}` };
  writeFileSync(file, `${JSON.stringify(workspace, null, 2)}\n`);
} else if (scenario === 'auth/cross-app-access-complete-flow') {
  // Enterprise-managed authorization: the authorization server's client and the identity
  // provider in spoke.json, the client secret and the user's ID token from the company's
  // identity provider in the secret store. As with client credentials, there is no login.
  spokeWithInput(
    context.client_secret!,
    'config',
    'set',
    'servers.conf.env.CLIENT_SECRET',
    '--type',
    'secret',
  );
  spokeWithInput(
    context.idp_id_token!,
    'config',
    'set',
    'servers.conf.env.IDP_ID_TOKEN',
    '--type',
    'secret',
  );
  const file = path.join(cwd, 'spoke.json');
  const workspace = JSON.parse(readFileSync(file, 'utf8')) as {
    servers: Record<string, Record<string, unknown>>;
  };
  workspace.servers.conf!.oauth = {
    clientId: context.client_id,
    clientSecret: '{CLIENT_SECRET}',
    identityProvider: {
      issuer: context.idp_issuer,
      clientId: context.idp_client_id,
      idToken: '{IDP_ID_TOKEN}',
    },
  };
  writeFileSync(file, `${JSON.stringify(workspace, null, 2)}\n`);
} else if (scenario.startsWith('auth/')) {
  // The suite's client metadata document, set as a user sets their own (only where the scenario
  // is about it: one more spoke start in each of the others would cost minutes on a loaded
  // machine, and oauth-client-metadata.test.ts shows registration where it is not advertised).
  if (scenario === 'auth/basic-cimd') {
    spoke('config', 'set', 'oauth.clientMetadataUrl', CLIENT_METADATA_URL);
  }
  spoke(
    'login',
    'conf',
    ...(context.client_id ? ['--client-id', context.client_id] : []),
    ...(context.client_secret ? ['--client-secret', context.client_secret] : []),
  );
}
spoke('update', 'conf', '--yes');
const listed = JSON.parse(spoke('tools', 'conf', '--json')) as { tools: { name: string }[] };
if (scenario !== 'initialize') {
  for (const { name } of listed.tools) {
    await spokeAtTerminal('call', 'conf', name, '--args', JSON.stringify(ARGUMENTS[name] ?? {}));
  }
}
rmSync(root, { recursive: true, force: true });

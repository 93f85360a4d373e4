import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScenarioServer, type ScenarioServer } from '../test/conformance/scenario-server.ts';
import { addRemote } from '../test/conformance/workspace.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';
import { parseAnswer } from './elicit.ts';

/**
 * A server's questions during a call, against the official conformance suite's
 * `elicitation-sep1034-client-defaults` server: its tool asks for a form of five optional
 * fields, each with a default, and answers with what it was sent.
 */

let fx: Fixture;
let server: ScenarioServer;

beforeEach(async () => {
  server = await startScenarioServer('elicitation-sep1034-client-defaults');
  fx = makeFixture();
  expect((await runCli(['init'], fx)).code).toBe(0);
  addRemote(fx.cwd, 'conf', server.url);
  expect((await runCli(['update', 'conf', '--yes'], fx)).code).toBe(0);
});

afterEach(async () => {
  await server.stop();
  fx.cleanup();
});

const call = () =>
  onTerminal(['call', 'conf', 'test_client_elicitation_defaults'], { cwd: fx.cwd, env: fx.env });

describe('a server that asks the user for input during a call', () => {
  it('is answered at the terminal; Enter keeps the default shown', async () => {
    const session = call();
    await session.waitFor('? name (User name) [John Doe]: ');
    expect(session.screen()).toContain(
      'conf asks: Test client default value handling - please accept with defaults',
    );
    session.type('Jane Roe\r');
    await session.waitFor('? age (User age) [30]: ');
    session.type('forty\r');
    await session.waitFor('  answer a number');
    session.type('41.5\r');
    await session.waitFor('  answer a whole number');
    session.type('41\r');
    await session.waitFor('? score (User score) [95.5]: ');
    session.type('\r');
    await session.waitFor('? status (User status; one of active, inactive, pending) [active]: ');
    session.type('gone\r');
    await session.waitFor('  answer one of: active, inactive, pending');
    session.type('pending\r');
    await session.waitFor('? verified (Verification status; yes or no) [yes]: ');
    session.type('\r');
    expect(await session.exit).toBe(0);
    expect(session.screen()).toContain(
      'Elicitation completed: {"name":"Jane Roe","age":41,"status":"pending","score":95.5,"verified":true}',
    );
  });

  it('is cancelled with Ctrl+C at the terminal, and declined without one', async () => {
    const session = call();
    await session.waitFor('? name (User name) [John Doe]: ');
    session.type('\x03');
    expect(await session.exit).toBe(0);
    expect(session.screen()).toContain('Elicitation was not accepted');

    const declined = await runCli(['call', 'conf', 'test_client_elicitation_defaults'], fx);
    expect(declined.code, declined.stderr).toBe(0);
    expect(declined.stdout).toBe('Elicitation was not accepted\n');
    expect(declined.stderr).toBe(
      'conf asked for input; declined: there is no terminal to answer at\n',
    );
  });
});

describe('an answer to a question', () => {
  it('is read as the type of its field', () => {
    expect(parseAnswer({ type: 'boolean' }, 'No')).toEqual({ value: false });
    expect(parseAnswer({ type: 'boolean' }, 'maybe')).toEqual({ problem: 'answer yes or no' });
    expect(parseAnswer({ type: 'number' }, '2.5')).toEqual({ value: 2.5 });
    expect(parseAnswer({ type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] }, 'b')).toEqual({
      value: 'b',
    });
    expect(parseAnswer({ type: 'array', items: { enum: ['x', 'y'] } }, 'y, x')).toEqual({
      value: ['y', 'x'],
    });
    expect(parseAnswer({ type: 'array', items: { enum: ['x', 'y'] } }, 'x, z')).toEqual({
      problem: 'z is not one of: x, y',
    });
  });
});

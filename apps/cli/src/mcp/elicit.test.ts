import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScenarioServer, type ScenarioServer } from '../test/conformance/scenario-server.ts';
import { addRemote } from '../test/conformance/workspace.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { answer, onTerminal } from '../test/terminal.ts';
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
    await answer(session, [
      ['? name (User name) [John Doe]: ', 'Jane Roe\r'],
      ['? age (User age) [30]: ', 'forty\r'],
      ['  answer a number', '41.5\r'],
      ['  answer a whole number', '41\r'],
      ['? score (User score) [95.5]: ', '\r'],
      ['? status (User status; one of active, inactive, pending) [active]: ', 'gone\r'],
      ['  answer one of: active, inactive, pending', 'pending\r'],
      ['? verified (Verification status; yes or no) [yes]: ', '\r'],
    ]);
    expect(await session.exit).toBe(0);
    expect(session.screen()).toContain(
      'conf asks: Test client default value handling - please accept with defaults',
    );
    expect(session.screen()).toContain(
      'Elicitation completed: {"name":"Jane Roe","age":41,"status":"pending","score":95.5,"verified":true}',
    );
  });

  it('is cancelled with Ctrl+C at the terminal, and declined without one', async () => {
    const session = call();
    await answer(session, [['? name (User name) [John Doe]: ', '\x03']]);
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

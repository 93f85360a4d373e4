import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_24 } from '../run-cli.ts';

const CONFORMANCE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../node_modules/@modelcontextprotocol/conformance/dist/index.js',
);

export type ScenarioServer = {
  url: string;
  /** Stops the server; resolves to the checks it printed (`[check-id] STATUS description`). */
  stop(): Promise<string>;
};

/**
 * One of the official conformance suite's client scenarios, its servers (the MCP server, and
 * the authorization server for `auth/*`) started on 127.0.0.1 without a client under test.
 */
export function startScenarioServer(scenario: string): Promise<ScenarioServer> {
  const child = spawn(NODE_24, [CONFORMANCE, 'client', '--scenario', scenario], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Server URL: (\S+)/.exec(output)?.[1];
      if (!url) return;
      child.stdout.off('data', onData);
      child.stdout.on('data', (more: Buffer) => (output += more.toString()));
      resolve({
        url,
        stop: async () => {
          child.kill('SIGINT');
          await closed;
          // eslint-disable-next-line no-control-regex
          return output.replace(/\x1b\[\d+m/g, '');
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void closed.then(() => reject(new Error(`the ${scenario} server did not start:\n${output}`)));
  });
}

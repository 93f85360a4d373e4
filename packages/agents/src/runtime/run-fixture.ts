import { afterEach } from 'vitest';
import { InMemoryKeyValueStore } from '../builtins/memory-kv.ts';
import { testContext } from '../builtins/test-support.ts';
import { catalogConnector } from './connect.ts';
import { connectFlakyServer, testSpec } from './test-support.ts';
import { openToolset, type Connector, type Toolset } from './toolset.ts';

/** What the built-in clock reads in run tests: 09:30 on a Saturday in Paris. */
export const FIXED_NOW = new Date('2025-03-01T08:30:00Z');

/** The built-in servers a run test connects unless it names others. */
const BUILTINS = ['clock', 'memory', 'transform'];

/**
 * Opens toolsets for the tests of one file and closes each after the test that opened it.
 * Call it at the top level of the file.
 */
export function toolsetFixture() {
  let opened: Toolset[] = [];
  afterEach(async () => {
    const closing = opened;
    opened = [];
    await Promise.all(closing.map((toolset) => toolset.close()));
  });

  async function open(...args: Parameters<typeof openToolset>): Promise<Toolset> {
    const toolset = await openToolset(...args);
    opened.push(toolset);
    return toolset;
  }

  return {
    open,

    /**
     * The integrations `ids` of `testSpec` (the clock, memory and transform servers unless
     * named), built in, with `kv` as the memory store and the clock reading FIXED_NOW.
     */
    builtin({ kv = new InMemoryKeyValueStore(), ids = BUILTINS } = {}): Promise<Toolset> {
      const { ctx } = testContext({ kv, now: () => FIXED_NOW });
      return open(testSpec(ids), catalogConnector({ builtin: ctx, credentials: () => ({}) }));
    },

    /** The misbehaving `flaky` server alone, with tool calls cut off after `callTimeoutMs`. */
    async flaky(callTimeoutMs: number) {
      const flaky = await connectFlakyServer();
      const connector: Connector = async (id) => {
        if (id === 'flaky') return flaky;
        throw new Error(`no server ${id}`);
      };
      const toolset = await open(testSpec(['flaky']), connector, { callTimeoutMs });
      return { toolset, flaky };
    },
  };
}

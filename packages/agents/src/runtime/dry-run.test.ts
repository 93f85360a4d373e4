import type { AgentSpec } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { testContext } from '../builtins/test-support.ts';
import { catalogConnector } from './connect.ts';
import { dryRun } from './dry-run.ts';
import { openToolset } from './toolset.ts';

const spec: Pick<AgentSpec, 'integrations' | 'steps'> = {
  integrations: [
    { id: 'rss', why: 'read the feed', config: [] },
    { id: 'slack', why: 'post each new article', config: ['SLACK_MCP_XOXB_TOKEN'] },
  ],
  steps: [
    { text: 'Read the feed', tools: ['rss.read_feed'] },
    { text: 'Post each new article', tools: ['slack.conversations_add_message'] },
  ],
};

describe('dryRun', () => {
  it('lists the plan, the tools the servers offer and what is not connected', async () => {
    const { ctx } = testContext();
    const toolset = await openToolset(
      spec,
      catalogConnector({ builtin: ctx, credentials: () => ({}) }),
    );
    try {
      expect(dryRun(spec, toolset, { modelConfigured: false })).toEqual({
        dry_run: true,
        model_configured: false,
        steps: spec.steps,
        tools: [{ name: 'rss.read_feed', description: expect.stringContaining('RSS') }],
        missing_connections: ['slack'],
      });
    } finally {
      await toolset.close();
    }
  });

  it('uses the catalog without a toolset, and the connections the caller knows', () => {
    const withSlack = dryRun(spec, null, { modelConfigured: true, connections: { slack: true } });
    expect(withSlack.model_configured).toBe(true);
    expect(withSlack.missing_connections).toEqual([]);
    expect(withSlack.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['rss.read_feed', 'slack.conversations_add_message']),
    );
    const without = dryRun(spec, null, { modelConfigured: true });
    expect(without.missing_connections).toEqual(['slack']);
    expect(without.tools.map((tool) => tool.name)).toEqual(['rss.read_feed']);
  });
});

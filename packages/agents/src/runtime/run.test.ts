import { describe, expect, it } from 'vitest';
import { InMemoryKeyValueStore } from '../builtins/memory-kv.ts';
import { runAgent } from './run.ts';
import { toolsetFixture } from './run-fixture.ts';
import { recorder, scriptedModel, testSpec as spec, tickingClock } from './test-support.ts';

const toolsets = toolsetFixture();

describe('runAgent with real built-in servers', () => {
  it('records every model message and tool call in order, with arguments and results', async () => {
    const kv = new InMemoryKeyValueStore();
    const tools = await toolsets.builtin({ kv });
    const { model, calls } = scriptedModel([
      { text: 'Checking the time first.', calls: [['clock__now', { timezone: 'Europe/Paris' }]] },
      {
        calls: [
          ['memory__memory_set', { key: 'greeting', value: { text: 'Bonjour' } }],
          ['memory__memory_get', { key: 'greeting' }],
        ],
        usage: [150, 30],
      },
      {
        calls: [
          [
            'transform__json_query',
            { expression: '$sum(items.qty)', input: { items: [{ qty: 2 }, { qty: 3 }] } },
          ],
        ],
      },
      { text: 'It is 09:30 on Saturday in Paris; greeting stored.', usage: [300, 12] },
    ]);
    const { steps, onStep } = recorder();

    const outcome = await runAgent({
      spec: spec(['clock', 'memory', 'transform']),
      input: 'Say good morning',
      model,
      toolset: tools,
      onStep,
      now: tickingClock(5),
    });

    expect(outcome).toEqual({
      status: 'succeeded',
      error: null,
      output: 'It is 09:30 on Saturday in Paris; greeting stored.',
      tokens: { input: 650, output: 82 },
    });
    expect(steps).toEqual([
      {
        index: 0,
        type: 'model',
        duration_ms: 5,
        text: 'Checking the time first.',
        tokens: { input: 100, output: 20 },
      },
      {
        index: 1,
        type: 'tool',
        duration_ms: 5,
        tool: 'clock.now',
        arguments: { timezone: 'Europe/Paris' },
        result: {
          iso: '2025-03-01T09:30:00+01:00',
          utc: '2025-03-01T08:30:00Z',
          date: '2025-03-01',
          time: '09:30:00',
          weekday: 'Saturday',
          timezone: 'Europe/Paris',
          utc_offset: '+01:00',
        },
        error: null,
      },
      { index: 2, type: 'model', duration_ms: 5, text: '', tokens: { input: 150, output: 30 } },
      {
        index: 3,
        type: 'tool',
        duration_ms: 5,
        tool: 'memory.memory_set',
        arguments: { key: 'greeting', value: { text: 'Bonjour' } },
        result: expect.objectContaining({ key: 'greeting', stored: true }),
        error: null,
      },
      {
        index: 4,
        type: 'tool',
        duration_ms: 5,
        tool: 'memory.memory_get',
        arguments: { key: 'greeting' },
        result: { key: 'greeting', found: true, value: { text: 'Bonjour' } },
        error: null,
      },
      { index: 5, type: 'model', duration_ms: 5, text: '', tokens: { input: 100, output: 20 } },
      {
        index: 6,
        type: 'tool',
        duration_ms: 5,
        tool: 'transform.json_query',
        arguments: { expression: '$sum(items.qty)', input: { items: [{ qty: 2 }, { qty: 3 }] } },
        result: { matched: true, result: 5 },
        error: null,
      },
      {
        index: 7,
        type: 'model',
        duration_ms: 5,
        text: 'It is 09:30 on Saturday in Paris; greeting stored.',
        tokens: { input: 300, output: 12 },
      },
    ]);
    expect(await kv.get('greeting')).toEqual({ text: 'Bonjour' });

    // What the model was given: the system prompt, the input, the tools and the tool results.
    const first = calls[0]!;
    const system = first.prompt[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You greet the team in the morning.');
    expect(system.content).toContain('1. Find out the time in Paris (tools: clock.now)');
    expect(system.content).toContain('- Never send e-mail');
    expect(first.prompt[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Say good morning' }],
    });
    const offered = (first.tools ?? []).map((tool) => tool.name);
    expect(offered).toEqual(
      expect.arrayContaining(['clock__now', 'memory__memory_set', 'transform__json_query']),
    );
    const nowTool = first.tools?.find((tool) => tool.name === 'clock__now');
    expect(nowTool).toMatchObject({
      type: 'function',
      inputSchema: {
        type: 'object',
        properties: { timezone: expect.objectContaining({ type: 'string' }) },
      },
    });
    const toolMessage = calls[1]!.prompt.at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(JSON.stringify(toolMessage.content)).toContain(
      'Saturday 2025-03-01 09:30:00 (Europe/Paris, UTC+01:00)',
    );
    expect(calls).toHaveLength(4);
  });

  it('fails at the step cap after running the tools of the last step', async () => {
    const tools = await toolsets.builtin();
    const { model, calls } = scriptedModel([{ calls: [['clock__now', {}]] }]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({
      spec: spec(['clock']),
      model,
      toolset: tools,
      maxSteps: 3,
      onStep,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'Stopped at the step cap (3 steps)',
      output: '',
    });
    expect(calls).toHaveLength(3);
    expect(steps.map((step) => `${step.index}:${step.type}:${step.tool ?? ''}`)).toEqual([
      '0:model:',
      '1:tool:clock.now',
      '2:model:',
      '3:tool:clock.now',
      '4:model:',
      '5:tool:clock.now',
    ]);
    expect(outcome.tokens).toEqual({ input: 300, output: 60 });
  });

  it('refuses a call when beforeToolCall throws, and tells the model', async () => {
    const kv = new InMemoryKeyValueStore();
    const tools = await toolsets.builtin({ kv });
    const { model, calls } = scriptedModel([
      {
        calls: [
          ['clock__now', {}],
          ['memory__memory_set', { key: 'k', value: 1 }],
        ],
      },
      { text: 'I could not store the value: no credits left.' },
    ]);
    const seen: string[] = [];
    const { steps, onStep } = recorder();
    const outcome = await runAgent({
      spec: spec(['clock', 'memory']),
      model,
      toolset: tools,
      onStep,
      beforeToolCall: async (tool) => {
        seen.push(tool);
        if (seen.length > 1) throw new Error('Monthly integration credit limit reached');
      },
    });
    expect(seen).toEqual(['clock.now', 'memory.memory_set']);
    expect(outcome.status).toBe('succeeded');
    expect(steps[1]).toMatchObject({ tool: 'clock.now', error: null });
    expect(steps[2]).toMatchObject({
      tool: 'memory.memory_set',
      arguments: { key: 'k', value: 1 },
      result: null,
      error: 'The call was refused: Monthly integration credit limit reached',
    });
    expect(await kv.get('k')).toBeUndefined();
    expect(JSON.stringify(calls[1]!.prompt.at(-1))).toContain(
      'The call was refused: Monthly integration credit limit reached',
    );
  });

  it('records a call to a tool that does not exist and lets the model recover', async () => {
    const tools = await toolsets.builtin();
    const { model, calls } = scriptedModel([
      { calls: [['slack__post_message', { text: 'hi' }]] },
      { text: 'Slack is not available to me.' },
    ]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({ spec: spec(['clock']), model, toolset: tools, onStep });
    expect(outcome).toMatchObject({ status: 'succeeded', output: 'Slack is not available to me.' });
    expect(steps[1]).toMatchObject({
      type: 'tool',
      tool: 'slack__post_message',
      arguments: { text: 'hi' },
      error: expect.stringContaining('slack__post_message'),
    });
    expect(calls[1]!.prompt.at(-1)!.role).toBe('tool');
  });

  it('says which integrations are unavailable in the system prompt', async () => {
    const toolset = await toolsets.builtin({ ids: ['clock', 'slack'] });
    expect(toolset.failures).toEqual([
      {
        integration: 'slack',
        error: 'Slack is not connected: set SLACK_MCP_XOXB_TOKEN in its connection settings first',
        missing: ['SLACK_MCP_XOXB_TOKEN'],
      },
    ]);
    const { model, calls } = scriptedModel([{ text: 'I cannot post to Slack.' }]);
    await runAgent({ spec: spec(['clock', 'slack']), model, toolset, onStep: () => {} });
    expect(calls[0]!.prompt[0]!.content).toContain(
      'These integrations are unavailable in this run:\n- slack: Slack is not connected',
    );
  });
});

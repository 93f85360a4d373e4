import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { runAgent } from './run.ts';
import { toolsetFixture } from './run-fixture.ts';
import { connectWireServer, recorder, scriptedModel, testSpec as spec } from './test-support.ts';

const toolsets = toolsetFixture();

describe('runAgent with misbehaving tools', () => {
  it('records a tool that throws, returns garbage or hangs as an error and tells the model', async () => {
    const { toolset: tools } = await toolsets.flaky(100);
    const { model, calls } = scriptedModel([
      {
        calls: [
          ['flaky__boom', {}],
          ['flaky__garbage', {}],
          ['flaky__hang', {}],
          ['flaky__echo', { text: 'still here' }],
        ],
      },
      { text: 'Three tools failed; echo worked.' },
    ]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({ spec: spec(['flaky']), model, toolset: tools, onStep });
    expect(outcome).toMatchObject({
      status: 'succeeded',
      output: 'Three tools failed; echo worked.',
    });
    expect(steps.slice(1, 5).map(({ tool, result, error }) => ({ tool, result, error }))).toEqual([
      { tool: 'flaky.boom', result: null, error: 'the flux capacitor is out of order' },
      {
        tool: 'flaky.garbage',
        result: null,
        error:
          'The tool call failed: Invalid tools/call result: content: Invalid input: expected array, received string',
      },
      { tool: 'flaky.hang', result: null, error: 'The tool did not answer within 0.1 s' },
      { tool: 'flaky.echo', result: 'echo: still here', error: null },
    ]);
    const told = JSON.stringify(calls[1]!.prompt.at(-1));
    expect(told).toContain('the flux capacitor is out of order');
    expect(told).toContain('The tool did not answer within 0.1 s');
    expect(told).toContain('echo: still here');
  });

  it("catches results that break the protocol or the tool's own output schema", async () => {
    const wire = await connectWireServer();
    const toolset = await toolsets.open(spec(['wire']), async () => wire);
    const { model, calls } = scriptedModel([
      {
        calls: [
          ['wire__garbage', {}],
          ['wire__mismatch', {}],
        ],
      },
      { text: 'Both tools answered nonsense.' },
    ]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({ spec: spec(['wire']), model, toolset, onStep });
    expect(outcome.status).toBe('succeeded');
    expect(steps.slice(1, 3).map(({ tool, error }) => ({ tool, error }))).toEqual([
      {
        tool: 'wire.garbage',
        error:
          'The tool returned an invalid result: content: Invalid input: expected array, received string',
      },
      {
        tool: 'wire.mismatch',
        error:
          "The tool returned an invalid result: Structured content does not match the tool's output schema: data/n must be number",
      },
    ]);
    expect(JSON.stringify(calls[1]!.prompt.at(-1))).toContain('expected array, received string');
  });

  it('ends at the time limit while a tool hangs', async () => {
    const { toolset: tools, flaky } = await toolsets.flaky(600_000);
    const { model } = scriptedModel([{ text: 'Waiting for it.', calls: [['flaky__hang', {}]] }]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({
      spec: spec(['flaky']),
      model,
      toolset: tools,
      timeLimitMs: 200,
      onStep,
    });
    expect(outcome).toEqual({
      status: 'failed',
      error: 'Stopped at the time limit (0.2 s)',
      output: '',
      tokens: { input: 100, output: 20 },
    });
    expect(flaky.hangs()).toBe(1);
    expect(steps).toHaveLength(2);
    expect(steps[1]).toMatchObject({
      tool: 'flaky.hang',
      error: 'Stopped at the time limit (0.2 s)',
    });
  });

  it('ends at the time limit while the model hangs, even one that ignores the abort', async () => {
    const tools = await toolsets.builtin();
    const { model } = scriptedModel([{ hang: true }]);
    const { steps, onStep } = recorder();
    const outcome = await runAgent({
      spec: spec(['clock']),
      model,
      toolset: tools,
      timeLimitMs: 150,
      onStep,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'Stopped at the time limit (0.15 s)',
    });
    expect(steps).toEqual([]);
  });

  it('stops when the caller cancels', async () => {
    const { toolset: tools } = await toolsets.flaky(600_000);
    const { model } = scriptedModel([{ calls: [['flaky__hang', {}]] }]);
    const controller = new AbortController();
    const outcome = await runAgent({
      spec: spec(['flaky']),
      model,
      toolset: tools,
      signal: controller.signal,
      onStep: (step) => {
        if (step.type === 'model') setTimeout(() => controller.abort(), 20);
      },
    });
    expect(outcome).toMatchObject({ status: 'failed', error: 'The run was cancelled' });
  });
});

describe('runAgent and model errors', () => {
  it("fails with the provider's message, without the key", async () => {
    const tools = await toolsets.builtin();
    const { model } = scriptedModel([
      {
        throws: new APICallError({
          message: 'Incorrect API key provided: sk-live-abcdef123456.',
          url: 'https://api.example.com/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 401,
          isRetryable: false,
        }),
      },
    ]);
    const outcome = await runAgent({
      spec: spec(['clock']),
      model,
      toolset: tools,
      onStep: () => {},
    });
    expect(outcome).toEqual({
      status: 'failed',
      error: 'The model failed: Incorrect API key provided: [redacted]. (HTTP 401)',
      output: '',
      tokens: { input: 0, output: 0 },
    });
  });

  it('removes the given secrets from the message', async () => {
    const tools = await toolsets.builtin();
    const { model } = scriptedModel([
      { throws: new Error('upstream rejected key zz-private-key-42') },
    ]);
    const outcome = await runAgent({
      spec: spec(['clock']),
      model,
      toolset: tools,
      onStep: () => {},
      secrets: ['zz-private-key-42'],
    });
    expect(outcome.error).toBe('The model failed: upstream rejected key [redacted]');
  });

  it('rejects when recording a step fails', async () => {
    const tools = await toolsets.builtin();
    const { model } = scriptedModel([{ text: 'hello' }]);
    await expect(
      runAgent({
        spec: spec(['clock']),
        model,
        toolset: tools,
        onStep: () => Promise.reject(new Error('database is gone')),
      }),
    ).rejects.toThrow('database is gone');
  });
});

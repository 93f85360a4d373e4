import type { AgentPlan } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { PLAN_INTEGRATIONS } from '#web/features/agents/testing/plan-fixtures.ts';
import {
  compareText,
  draftFromPlan,
  newStep,
  nextStepId,
  renameReferences,
  type ToolDraft,
} from './plan-draft.ts';
import { planFromDraft, withTool } from './plan-encode.ts';
import {
  checkDraftPlan,
  compareKeys,
  describeKey,
  errorsFromServer,
  fieldMessage,
} from './plan-errors.ts';
import { argFields, encodeArg, toolsByName } from './tool-fields.ts';

const tools = toolsByName(PLAN_INTEGRATIONS);

const PLAN: AgentPlan = {
  steps: [
    {
      id: 'fetch',
      kind: 'tool',
      tool: 'http-request.http_request',
      args: { url: 'https://a.example.com', timeout_ms: '{{input.timeout}}', follow: false },
      on_error: 'continue',
    },
    {
      id: 'check',
      kind: 'if',
      note: 'When it is down',
      condition: { value: 'steps.fetch.status', op: 'equals', compare: '500' },
      then: [
        {
          id: 'each',
          kind: 'for_each',
          over: 'steps.fetch.body',
          max: 3,
          steps: [
            {
              id: 'post',
              kind: 'tool',
              tool: 'slack.post_message',
              args: { text: '{{item}}', blocks: [{ type: 'section' }] },
            },
          ],
        },
      ],
      else: [
        {
          id: 'sum',
          kind: 'model',
          instruction: 'Sum up',
          inputs: ['steps.fetch'],
          output: { type: 'json', schema: { type: 'object' } },
        },
      ],
    },
    { id: 'work', kind: 'agent', instruction: 'Do the rest', tools: [], inputs: ['input'] },
  ],
};

describe('plan drafts', () => {
  it('gives back the saved plan when nothing is edited', () => {
    const { plan, errors } = planFromDraft(draftFromPlan(PLAN, tools), tools);
    expect(errors).toEqual({});
    expect(plan).toEqual(PLAN);
  });

  it('reads each field as its schema asks, and leaves empty ones out', () => {
    const [http] = argFields(tools.get('http-request.http_request')!.schema!).filter(
      (field) => field.name === 'timeout_ms',
    );
    expect(http).toMatchObject({ kind: 'integer', fallback: '15000', minimum: 100 });
    expect(encodeArg(http!, '250')).toEqual({ value: 250 });
    expect(encodeArg(http!, '2.5')).toEqual({ error: 'must be a whole number' });
    expect(encodeArg(http!, ' ')).toEqual({ absent: true });
    expect(encodeArg(http!, '{{input.ms}}')).toEqual({ value: '{{input.ms}}' });
    const json = { name: 'payload', kind: 'json', required: true } as const;
    expect(encodeArg(json, '{{steps.fetch.body}}')).toEqual({ value: '{{steps.fetch.body}}' });
    expect(encodeArg(json, '[1, 2]')).toEqual({ value: [1, 2] });
    expect(encodeArg(json, '{"a": }')).toMatchObject({
      error: expect.stringMatching(/^Not valid JSON/),
    });
  });

  it('keeps a compared text that reads as a number as text', () => {
    expect(compareText('500')).toBe('"500"');
    expect(compareText('down')).toBe('down');
    expect(compareText(500)).toBe('500');
    expect(compareText(['a', 'b'])).toBe('["a","b"]');
  });

  it('keeps arguments of the same name when the tool changes', () => {
    const [fetch] = draftFromPlan(PLAN, tools) as ToolDraft[];
    const changed = withTool(fetch!, 'webhook.send_webhook', tools);
    expect(changed.args).toEqual({ url: 'https://a.example.com', payload: '' });
    const loose = withTool(fetch!, 'slack.post_message', tools);
    expect(JSON.parse(loose.argsJson)).toEqual({
      url: 'https://a.example.com',
      timeout_ms: '{{input.timeout}}',
      follow: false,
    });
  });

  it('renames the references to a step, and only those', () => {
    const renamed = planFromDraft(
      renameReferences(draftFromPlan(PLAN, tools), 'fetch', 'source'),
      tools,
    ).plan;
    const text = JSON.stringify(renamed);
    expect(text).not.toMatch(/steps\.fetch\b/);
    expect(renamed.steps[1]).toMatchObject({
      condition: { value: 'steps.source.status' },
      then: [{ over: 'steps.source.body' }],
      else: [{ inputs: ['steps.source'] }],
    });
    const other = renameReferences(
      draftFromPlan(
        {
          steps: [
            {
              id: 'a',
              kind: 'model',
              instruction: 'x',
              inputs: ['steps.fetched'],
              output: { type: 'text' },
            },
          ],
        },
        tools,
      ),
      'fetch',
      'source',
    );
    expect(planFromDraft(other, tools).plan.steps[0]).toMatchObject({ inputs: ['steps.fetched'] });
  });

  it('names new steps step_<n> with an unused n', () => {
    const steps = draftFromPlan(PLAN, tools);
    expect(nextStepId(steps)).toBe('step_7');
    expect(nextStepId([...steps, newStep('tool', 'step_8')])).toBe('step_9');
  });
});

describe('plan errors', () => {
  it('checks references and shapes with the contract', () => {
    const errors = checkDraftPlan({
      steps: [
        { id: 'a', kind: 'model', instruction: ' ', inputs: ['item'], output: { type: 'text' } },
      ],
    });
    expect(errors).toEqual({
      'steps.0.instruction': 'Instruction is required',
      'steps.0.inputs.0': 'item: item is only known inside for_each',
    });
  });

  it('reads the server’s fields as editor keys and says where they are', () => {
    const errors = errorsFromServer({
      'spec.plan.steps.1.then.0.steps.0.args.text': 'is required',
      'spec.plan': 'A plan holds at most 30 steps',
    });
    expect(errors).toEqual({
      'steps.1.then.0.steps.0.args.text': 'is required',
      steps: 'A plan holds at most 30 steps',
    });
    const steps = draftFromPlan(PLAN, tools);
    expect(describeKey('steps.1.then.0.steps.0.args.text', steps)).toEqual({
      step: 'post',
      field: 'text',
    });
    expect(describeKey('steps.1.else.0.output.schema', steps)).toEqual({
      step: 'sum',
      field: 'Output schema',
    });
    expect(describeKey('steps.1.then', steps)).toEqual({ step: 'check', field: 'Then' });
    expect(describeKey('steps', steps)).toEqual({ step: null, field: '' });
    expect(fieldMessage('url', 'is required')).toBe('url is required');
    expect(
      [
        'steps.10.id',
        'steps.2.else.0.args.url',
        'steps.2.then.1.tool',
        'steps.2.then.0.args.b',
        'steps.2.then.0.args.a',
      ].sort(compareKeys),
    ).toEqual([
      'steps.2.then.0.args.b',
      'steps.2.then.0.args.a',
      'steps.2.then.1.tool',
      'steps.2.else.0.args.url',
      'steps.10.id',
    ]);
    expect(fieldMessage('url', 'steps.x: there is no step x')).toBe('steps.x: there is no step x');
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  AgentPlanSchema,
  checkPlan,
  outputSchemaProblem,
  referencesIn,
  stepsNeedingModel,
  type AgentPlan,
} from './agent-plan.ts';

const tool = (id: string, args: Record<string, unknown> = {}) => ({
  id,
  kind: 'tool' as const,
  tool: 'http-request.http_request',
  args,
});

describe('the plan contract', () => {
  it('parses every kind of step, nested', () => {
    const plan = {
      steps: [
        tool('fetch', { url: 'https://status.example.com' }),
        {
          id: 'down',
          kind: 'if',
          condition: { value: 'steps.fetch.status', op: 'at_least', compare: 500 },
          then: [
            {
              id: 'each',
              kind: 'for_each',
              over: 'steps.fetch.body.items',
              max: 10,
              steps: [
                {
                  id: 'word',
                  kind: 'model',
                  instruction: 'Draft a one-line alert',
                  inputs: ['item'],
                  output: { type: 'text' },
                },
              ],
            },
          ],
          else: [{ id: 'think', kind: 'agent', instruction: 'Look around', tools: [] }],
        },
      ],
    };
    const parsed = AgentPlanSchema.parse(plan);
    expect(checkPlan(parsed)).toEqual([]);
    expect(stepsNeedingModel(parsed)).toEqual(['word', 'think']);
  });

  it('refuses bad ids, references, tools and bounds with the field and a message', () => {
    const result = z.safeParse(AgentPlanSchema, {
      steps: [
        { id: 'Fetch!', kind: 'tool', tool: 'nodot', args: {} },
        { id: 'loop', kind: 'for_each', over: 'steps', max: 1000, steps: [] },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^steps\.0\.id: Step id must start/),
        'steps.0.tool: Tool must be written <integration>.<tool>',
      ]),
    );
  });

  it('finds references to steps that are not done yet, out of scope, or missing', () => {
    const plan: AgentPlan = {
      steps: [
        tool('first', { url: '{{steps.second.url}}', body: { nested: ['{{item.id}}'] } }),
        tool('second'),
        {
          id: 'check',
          kind: 'if',
          condition: { value: 'steps.second.status', op: 'equals' },
          then: [tool('inner')],
        },
        tool('after', { url: 'https://x.example/{{steps.inner.id}}?q={{steps.nowhere}}' }),
        tool('second'),
      ],
    };
    expect(checkPlan(plan)).toEqual([
      { path: 'steps.0.args.url', message: 'steps.second.url: there is no step second' },
      { path: 'steps.0.args.body', message: 'item.id: item is only known inside for_each' },
      { path: 'steps.2.condition.compare', message: 'equals needs a value to compare with' },
      {
        path: 'steps.3.args.url',
        message: 'steps.inner.id: step inner is not done before this one',
      },
      { path: 'steps.3.args.url', message: 'steps.nowhere: there is no step nowhere' },
      { path: 'steps.4.id', message: 'Step id second is used twice' },
    ]);
  });

  it('hands tool steps to the caller’s own checks', () => {
    const plan: AgentPlan = { steps: [tool('a'), tool('b')] };
    expect(
      checkPlan(plan, (step, path) => (step.id === 'b' ? [{ path, message: 'no' }] : [])),
    ).toEqual([{ path: 'steps.1', message: 'no' }]);
  });

  it('bounds nesting and size', () => {
    const deep = (depth: number): AgentPlan['steps'][number] =>
      depth === 0
        ? tool(`leaf`)
        : {
            id: `level${depth}`,
            kind: 'if',
            condition: { value: 'input', op: 'is_true' },
            then: [deep(depth - 1)],
          };
    expect(checkPlan({ steps: [deep(3)] })).toEqual([
      { path: 'steps.0.then.0.then.0', message: 'Steps nest at most 3 deep' },
    ]);
    const many = {
      steps: Array.from({ length: 20 }, (_, k) => ({
        id: `l${k}`,
        kind: 'for_each' as const,
        over: 'input',
        max: 1,
        steps: [tool(`t${k}`)],
      })),
    };
    expect(checkPlan(many)).toContainEqual({
      path: 'steps',
      message: 'A plan holds at most 30 steps',
    });
  });

  it('allows only structural words in a model step’s output schema', () => {
    expect(
      outputSchemaProblem({
        type: 'object',
        properties: { label: { enum: ['a', 'b'] }, n: { type: 'number', minimum: 1 } },
        required: ['label'],
      }),
    ).toBeNull();
    expect(
      outputSchemaProblem({
        type: 'object',
        properties: { x: { type: 'string', pattern: '(a+)+$' } },
      }),
    ).toBe('The output schema.properties.x: "pattern" is not allowed in an output schema');
    expect(outputSchemaProblem({ $ref: 'https://evil.example/schema' })).toMatch(
      /"\$ref" is not allowed/,
    );
    let nested: Record<string, unknown> = { type: 'string' };
    for (let k = 0; k < 10; k++) nested = { type: 'array', items: nested };
    expect(outputSchemaProblem(nested)).toBe('The output schema nests more than 8 levels');
    expect(outputSchemaProblem({ description: 'x'.repeat(9000) })).toBe(
      'The output schema must be at most 8192 bytes',
    );
  });

  it('refuses arguments and compared values nested too deep, without walking them', () => {
    let deep: unknown = '{{input}}';
    for (let k = 0; k < 50_000; k++) deep = [deep];
    const plan: AgentPlan = {
      steps: [
        tool('a', { payload: deep, ok: [[['{{input}}']]] }),
        {
          id: 'b',
          kind: 'if',
          condition: { value: 'input', op: 'equals', compare: deep },
          then: [],
        },
      ],
    };
    expect(checkPlan(plan)).toEqual([
      { path: 'steps.0.args.payload', message: 'nests more than 32 levels' },
      { path: 'steps.1.condition.compare', message: 'nests more than 32 levels' },
    ]);
  });

  it('reads references in any string of a value', () => {
    expect(
      referencesIn({ a: 'x {{input.a}} y {{ steps.b.c }}', b: [1, '{{item}}'], c: null }),
    ).toEqual(['input.a', 'steps.b.c', 'item']);
  });
});

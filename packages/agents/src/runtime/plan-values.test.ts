import { describe, expect, it } from 'vitest';
import { conditionHolds, fillPlaceholders, resolveRef, type PlanScope } from './plan-values.ts';

const scope: PlanScope = {
  input: { ticket: { id: 7, tags: ['billing', 'vip'] } },
  owner: { email: 'ana@example.com' },
  outputs: new Map<string, unknown>([
    ['fetch', { status: 503, body: '{"state":"down","checks":[{"name":"api"}]}' }],
    ['note', 'Tell {{owner.email}} about {{steps.fetch}}'],
    ['stars', '2'],
  ]),
  item: { value: { title: 'Login errors' } },
};

describe('plan values', () => {
  it('reads paths into objects, lists and JSON texts, and nothing else', () => {
    expect(resolveRef('input.ticket.tags.1', scope)).toBe('vip');
    expect(resolveRef('steps.fetch.body.checks.0.name', scope)).toBe('api');
    expect(resolveRef('owner.email', scope)).toBe('ana@example.com');
    expect(resolveRef('item.title', scope)).toBe('Login errors');
    expect(resolveRef('steps.fetch.__proto__', scope)).toBeUndefined();
    expect(resolveRef('input.ticket.constructor', scope)).toBeUndefined();
    expect(resolveRef('steps.missing.x', scope)).toBeUndefined();
    expect(resolveRef('input.ticket.tags.9', scope)).toBeUndefined();
  });

  it('keeps a whole placeholder’s value and writes others into the text, once', () => {
    expect(
      fillPlaceholders({ id: '{{input.ticket.id}}', tags: '{{input.ticket.tags}}' }, scope),
    ).toEqual({
      id: 7,
      tags: ['billing', 'vip'],
    });
    expect(
      fillPlaceholders('#{{input.ticket.id}}: {{input.ticket.tags}} {{nothing.here}}', scope),
    ).toBe('#7: ["billing","vip"] ');
    // A value that holds placeholders is data: it is not filled again.
    expect(fillPlaceholders('{{steps.note}}', scope)).toBe(
      'Tell {{owner.email}} about {{steps.fetch}}',
    );
    expect(fillPlaceholders('Note: {{steps.note}}', scope)).toBe(
      'Note: Tell {{owner.email}} about {{steps.fetch}}',
    );
    expect(fillPlaceholders('{{steps.nowhere}}', scope)).toBeNull();
  });

  it('compares numbers as numbers, texts without case, and lists as "one of"', () => {
    const holds = (
      value: string,
      op: Parameters<typeof conditionHolds>[0]['op'],
      compare?: unknown,
    ) => conditionHolds({ value, op, compare }, scope);
    expect(holds('steps.fetch.status', 'at_least', 500)).toBe(true);
    expect(holds('steps.stars', 'equals', [1, 2])).toBe(true);
    expect(holds('steps.stars', 'less_than', '10')).toBe(true);
    expect(holds('steps.fetch.body.state', 'equals', 'DOWN')).toBe(true);
    expect(holds('input.ticket.tags', 'contains', 'VIP')).toBe(true);
    expect(holds('input.ticket.tags', 'not_contains', 'spam')).toBe(true);
    expect(holds('steps.fetch.body.state', 'greater_than', 3)).toBe(false);
    expect(holds('steps.nowhere', 'is_empty')).toBe(true);
    expect(holds('steps.nowhere', 'is_false')).toBe(true);
    expect(holds('input.ticket', 'is_not_empty')).toBe(true);
  });
});

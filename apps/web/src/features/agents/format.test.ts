import { describe, expect, it } from 'vitest';
import { eventInWords, intervalInWords, triggerInWords } from './format.ts';

describe('event triggers in words', () => {
  it('reads <object>.<action> ids as a sentence, others by their catalog name', () => {
    expect(eventInWords('review.created')).toBe('a review is created');
    expect(eventInWords('issue.opened')).toBe('an issue is opened');
    expect(eventInWords('user.created')).toBe('a user is created');
    expect(eventInWords('pull_request.merged')).toBe('a pull request is merged');
    expect(eventInWords('deploy.failed')).toBe('a deploy fails');
    expect(eventInWords('page.content_updated', 'Page updated')).toBe('“Page updated” happens');
    expect(eventInWords('push')).toBe('“push” happens');
  });

  it('says the interval in the largest whole unit', () => {
    expect(intervalInWords(1)).toBe('every minute');
    expect(intervalInWords(15)).toBe('every 15 minutes');
    expect(intervalInWords(90)).toBe('every 90 minutes');
    expect(intervalInWords(60)).toBe('every hour');
    expect(intervalInWords(360)).toBe('every 6 hours');
    expect(intervalInWords(1440)).toBe('every day');
  });

  it('adds how the event arrives; agents saved before delivery existed use the webhook', () => {
    const catalog = new Map([['g2', { name: 'G2', events: [] }]]);
    const trigger = { type: 'event', integration: 'g2', event: 'review.created' } as const;
    expect(triggerInWords(trigger, catalog)).toBe(
      'When a review is created on G2 — by G2’s webhook',
    );
    expect(
      triggerInWords({ ...trigger, delivery: { type: 'poll', interval_minutes: 15 } }, catalog),
    ).toBe('When a review is created on G2 — checked every 15 minutes');
  });
});

import { describe, expect, it } from 'vitest';
import { sameEvent } from './corpus-score.ts';

describe('sameEvent', () => {
  it('matches an event written with another form of its verb, plural or separator', () => {
    expect(sameEvent('entry.publish', 'entry.published')).toBe(true);
    expect(sameEvent('orders.create', 'order.created')).toBe(true);
    expect(sameEvent('form_response.submitted', 'response.created')).toBe(true);
    // A monitor down is a monitor failed.
    expect(sameEvent('monitor.down', 'monitor.failed')).toBe(true);
  });

  it('keeps different happenings apart', () => {
    expect(sameEvent('entry.publish', 'entry.unpublished')).toBe(false);
    expect(sameEvent('build.completed', 'build.failed')).toBe(false);
    expect(sameEvent('invoice.paid', 'invoice.created')).toBe(false);
    expect(sameEvent('order.created', 'refund.created')).toBe(false);
    expect(sameEvent('monitor.down', 'monitor.recovered')).toBe(false);
  });
});

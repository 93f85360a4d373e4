import { describe, expect, it } from 'vitest';
import { PLANS, YEARLY_SAVING_PERCENT, perMonthOfYearly, planById } from './plans.ts';
import { billingPeriod } from './billing.ts';

describe('plans (spec section 9)', () => {
  it('has the spec prices and credits', () => {
    const rows = PLANS.map((p) => [
      p.name,
      p.price?.monthly ?? 'custom',
      p.price?.yearly ?? 'custom',
      p.credits.monthlyMessages ?? 'unlimited',
      p.credits.dailyMessages ?? '-',
      p.credits.integrationCredits ?? 'not shown',
    ]);
    expect(rows).toEqual([
      ['Free', 0, 0, 25, 7, 500],
      ['Starter', 20, 200, 100, '-', 2000],
      ['Builder', 50, 500, 250, '-', 10000],
      ['Pro', 100, 1000, 500, '-', 20000],
      ['Elite', 200, 2000, 1200, '-', 50000],
      ['Enterprise', 'custom', 'custom', 'unlimited', '-', 'not shown'],
    ]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.name)).toEqual(['Builder']);
    expect(YEARLY_SAVING_PERCENT).toBe(17);
  });

  it('shows the yearly price per month rounded', () => {
    expect(perMonthOfYearly(200)).toBe(17);
    expect(perMonthOfYearly(500)).toBe(42);
    expect(perMonthOfYearly(1000)).toBe(83);
    expect(perMonthOfYearly(2000)).toBe(167);
  });

  it('falls back to Free for an unknown plan id', () => {
    expect(planById('nope').id).toBe('free');
    expect(planById('pro').name).toBe('Pro');
  });
});

describe('billing period', () => {
  const iso = (d: { start: Date; end: Date }) => [d.start.toISOString(), d.end.toISOString()];

  it('runs monthly from the sign-up date', () => {
    const signup = new Date('2026-01-15T10:00:00Z');
    expect(iso(billingPeriod(signup, new Date('2026-03-20T00:00:00Z')))).toEqual([
      '2026-03-15T10:00:00.000Z',
      '2026-04-15T10:00:00.000Z',
    ]);
    expect(iso(billingPeriod(signup, new Date('2026-03-15T09:59:59Z')))).toEqual([
      '2026-02-15T10:00:00.000Z',
      '2026-03-15T10:00:00.000Z',
    ]);
  });

  it('moves a 31st to the last day of shorter months and crosses years', () => {
    const signup = new Date('2025-10-31T00:00:00Z');
    expect(iso(billingPeriod(signup, new Date('2026-02-28T12:00:00Z')))).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ]);
    expect(iso(billingPeriod(signup, new Date('2026-01-05T00:00:00Z')))).toEqual([
      '2025-12-31T00:00:00.000Z',
      '2026-01-31T00:00:00.000Z',
    ]);
  });
});

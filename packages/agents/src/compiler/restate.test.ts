import { describe, expect, it } from 'vitest';
import type { AgentTrigger } from '@spoke/shared';
import { compileEmbedded } from './embedded.ts';
import { restateForTrigger } from './restate.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const compile = (prompt: string) => compileEmbedded({ prompt, timezone: 'Europe/Paris', now: NOW });

const mondays: AgentTrigger = {
  type: 'schedule',
  cron: '0 8 * * 1',
  timezone: 'Europe/Paris',
  text: 'every Monday at 8:00',
};

describe('restating an agent for a new trigger', () => {
  it.each([
    [
      'Every weekday at 9am, summarise new Zendesk tickets and post them to Slack',
      'Every Monday at 8:00, summarise new Zendesk tickets and post them to Slack.',
    ],
    [
      'Summarise my unread Gmail every Friday at 5pm and send it to me on Telegram',
      'Every Monday at 8:00, summarise my unread Gmail and send it to me on Telegram.',
    ],
    [
      'Each morning, check which Stripe subscriptions failed to renew and email the customers a friendly reminder',
      'Every Monday at 8:00, check which Stripe subscriptions failed to renew and email the customers a friendly reminder.',
    ],
  ])('moves %j to the new schedule', (prompt, summary) => {
    const spec = compile(prompt);
    expect(spec.trigger.type).toBe('schedule');
    const restated = restateForTrigger(spec, mondays, { prompt, now: NOW });
    expect(restated.summary).toBe(summary);
    // The old first run and how the old schedule was read go; the new first run is said.
    expect(restated.assumptions.filter((a) => a.startsWith('First run:'))).toEqual([
      'First run: Mon, 30 Nov 2026, 08:00 (Europe/Paris)',
    ]);
    expect(restated.assumptions).not.toContain('"morning" read as 9:00');
    expect(restated.assumptions).toContain('Time zone taken as Europe/Paris from your settings');
  });

  it('takes an event’s when-clause out, and says the schedule or nothing for a manual start', () => {
    const prompt =
      'When someone leaves a one-star review on G2, open a Jira bug and tell #product in Slack';
    const spec = compile(prompt);
    expect(spec.trigger.type).toBe('event');
    expect(restateForTrigger(spec, mondays, { prompt, now: NOW }).summary).toBe(
      'Every Monday at 8:00, open a Jira bug and tell #product in Slack.',
    );
    const manual = restateForTrigger(spec, { type: 'manual' }, { prompt, now: NOW });
    expect(manual.summary).toBe('Open a Jira bug and tell #product in Slack.');
    expect(manual.assumptions.some((a) => a.startsWith('First run:'))).toBe(false);
  });

  it('opens with the event a schedule became, and drops the schedule’s notes', () => {
    const prompt = 'Every weekday at 9am, summarise new Zendesk tickets and post them to Slack';
    const spec = compile(prompt);
    const restated = restateForTrigger(
      spec,
      {
        type: 'event',
        integration: 'zendesk',
        event: 'ticket.created',
        delivery: { type: 'webhook' },
      },
      { prompt, now: NOW },
    );
    expect(restated.summary).toMatch(
      /^When .+ in Zendesk, summarise new Zendesk tickets and post them to Slack\.$/,
    );
    expect(restated.assumptions.some((a) => a.startsWith('First run:'))).toBe(false);
    expect(restated.assumptions.some((a) => a.startsWith('Time zone taken as'))).toBe(false);
  });

  it('adds the new trigger to a summary that never said when', () => {
    const spec = compile('Summarise the open GitHub issues of spoke/spoke');
    expect(spec.trigger.type).toBe('manual');
    const restated = restateForTrigger(spec, mondays, { now: NOW });
    expect(restated.summary).toMatch(/^Every Monday at 8:00, summarise the open GitHub issues/);
    expect(restated.assumptions).toContain('First run: Mon, 30 Nov 2026, 08:00 (Europe/Paris)');
  });
});

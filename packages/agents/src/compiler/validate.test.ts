import type { AgentSpec } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { compileEmbedded } from './embedded.ts';
import { CRON_MESSAGE, validateSpec } from './validate.ts';

const valid: AgentSpec = {
  name: 'Weekday ticket digest',
  summary: 'Every weekday at 9:00, summarise new Zendesk tickets and post them to Slack.',
  category: 'Customer Support',
  instructions: 'You summarise the support tickets created since the previous run.',
  trigger: {
    type: 'schedule',
    cron: '0 9 * * 1-5',
    timezone: 'Europe/Berlin',
    text: 'every weekday at 9:00',
  },
  integrations: [
    { id: 'zendesk', why: 'read new tickets', config: ['ZENDESK_SUBDOMAIN'] },
    { id: 'slack', why: 'post the summary', config: ['SLACK_MCP_XOXB_TOKEN'] },
  ],
  steps: [
    { text: 'Fetch the tickets created since the last run', tools: [] },
    { text: 'Post the summary to the team channel', tools: ['slack.conversations_add_message'] },
  ],
  guardrails: ['Post at most one message per run'],
  assumptions: [],
  unresolved: ['Which Slack channel should the summary go to?'],
};

const issuesOf = (patch: Partial<AgentSpec>) => validateSpec({ ...valid, ...patch });

describe('validateSpec', () => {
  it('accepts a sound spec', () => {
    expect(validateSpec(valid)).toEqual([]);
  });

  it('reports the schema’s problems with dotted paths', () => {
    expect(validateSpec(null)).toEqual([{ path: '', message: expect.any(String) }]);
    expect(issuesOf({ name: '   ' })).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(issuesOf({ category: 'Gardening' as AgentSpec['category'] })).toEqual([
      { path: 'category', message: 'Unknown category' },
    ]);
    expect(issuesOf({ steps: [{ text: '', tools: [] }] })).toEqual([
      { path: 'steps.0.text', message: 'Step is required' },
    ]);
    const { trigger: _, ...noTrigger } = valid;
    expect(validateSpec(noTrigger).map((issue) => issue.path)).toEqual(['trigger']);
  });

  it('requires a five-field cron expression that croner can read', () => {
    for (const cron of ['0 9 * *', '61 9 * * *', '0 0 9 * * 1', 'every day']) {
      expect(issuesOf({ trigger: { ...valid.trigger, cron } as AgentSpec['trigger'] })).toEqual([
        { path: 'trigger.cron', message: CRON_MESSAGE },
      ]);
    }
    expect(CRON_MESSAGE).toBe('must be a valid cron expression, e.g. 0 9 * * 1-5');
  });

  it('refuses a cron expression that never fires', () => {
    expect(
      issuesOf({ trigger: { ...valid.trigger, cron: '0 0 31 2 *' } as AgentSpec['trigger'] }),
    ).toEqual([{ path: 'trigger.cron', message: 'never fires: no such date exists' }]);
  });

  it('requires an IANA time zone', () => {
    expect(
      issuesOf({ trigger: { ...valid.trigger, timezone: 'Mars/Olympus' } as AgentSpec['trigger'] }),
    ).toEqual([
      { path: 'trigger.timezone', message: 'must be an IANA time zone, e.g. Europe/Berlin' },
    ]);
  });

  it('requires integrations from the catalog, each once', () => {
    const integrations = [
      ...valid.integrations,
      { id: 'myspace', why: 'post', config: [] },
      valid.integrations[0]!,
    ];
    expect(issuesOf({ integrations })).toEqual([
      { path: 'integrations.2.id', message: 'unknown integration "myspace"' },
      { path: 'integrations.3.id', message: '"zendesk" is listed twice' },
    ]);
  });

  it('requires event triggers to name a listed catalog integration and one of its events', () => {
    expect(
      issuesOf({ trigger: { type: 'event', integration: 'zendesk', event: 'ticket.created' } }),
    ).toEqual([]);
    expect(
      issuesOf({ trigger: { type: 'event', integration: 'orkut', event: 'scrap.created' } }),
    ).toEqual([{ path: 'trigger.integration', message: 'unknown integration "orkut"' }]);
    expect(
      issuesOf({ trigger: { type: 'event', integration: 'zendesk', event: 'ticket.deleted' } }),
    ).toEqual([
      {
        path: 'trigger.event',
        message:
          'Zendesk has no event "ticket.deleted" (known: ticket.created, ticket.updated, ticket.comment_added)',
      },
    ]);
    expect(
      issuesOf({ trigger: { type: 'event', integration: 'github', event: 'issues.opened' } }),
    ).toEqual([
      { path: 'trigger.integration', message: '"github" must also be listed in integrations' },
    ]);
  });

  it('accepts an event of an unavailable service named with or without its domain', () => {
    for (const name of ['Booking.com', 'booking.com', 'booking-com', 'Booking']) {
      const spec = compileEmbedded({
        prompt: `When a new reservation comes in on ${name}, add it to our Google Calendar`,
        now: new Date('2026-11-21T10:00:00Z'),
      });
      expect(spec.trigger, name).toMatchObject({ type: 'event', event: 'reservation.created' });
      expect(validateSpec(spec), name).toEqual([]);
    }
    // ... and one whose name ends as a domain does without being one ("Trade Me" is not trade.me).
    for (const name of ['Trade Me', 'Shop Co', 'Grazo CRM']) {
      const spec = compileEmbedded({
        prompt: `When someone asks a question on my ${name} listing, answer it from the FAQ`,
        now: new Date('2026-11-21T10:00:00Z'),
      });
      expect(spec.trigger, name).toMatchObject({ type: 'event' });
      expect(validateSpec(spec), name).toEqual([]);
    }
  });

  it('requires step tools as <integration>.<tool> of listed integrations', () => {
    const steps = [
      {
        text: 'Post it',
        tools: ['slack.conversations_add_message', 'discord.discord_send', 'send_email', 'email.'],
      },
    ];
    expect(issuesOf({ steps })).toEqual([
      {
        path: 'steps.0.tools.1',
        message: 'uses "discord", which is not in the spec\'s integrations',
      },
      { path: 'steps.0.tools.2', message: 'must name a tool as <integration>.<tool>' },
      { path: 'steps.0.tools.3', message: 'must name a tool as <integration>.<tool>' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { compileEmbedded } from './embedded.ts';
import { compileOffline } from './index.ts';
import { validateSpec } from './validate.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const compile = (prompt: string) =>
  compileEmbedded({ prompt, timezone: 'Europe/Berlin', now: NOW });

describe('events of any service, read from the sentence', () => {
  it.each([
    // [description, service, event, delivery]
    [
      'When someone leaves a one-star review on G2, open a Jira bug and tell #product in Slack',
      'g2',
      'review.created',
      'webhook',
    ],
    [
      'Answer the questions customers send us through Crisp',
      'crisp',
      'message.received',
      'webhook',
    ],
    [
      'zendesk ticket created -> detect the language and add an internal note in English',
      'zendesk',
      'ticket.created',
      'webhook',
    ],
    [
      'Any time a closed Intercom conversation gets a reply, reopen it and tell the assignee on Slack',
      'intercom',
      'conversation.replied',
      'webhook',
    ],
    [
      'If someone cancels a booking on Cal.com, offer the slot to the waitlist by email',
      'cal-com',
      'booking.cancelled',
      'webhook',
    ],
    [
      'Once a Shopify order is fulfilled, email the customer a review request',
      'shopify',
      'orders.fulfilled',
      'webhook',
    ],
  ])('%s', (prompt, integration, event, delivery) => {
    const spec = compile(prompt);
    expect(spec.trigger).toMatchObject({ type: 'event', integration, event });
    expect(spec.trigger.type === 'event' && spec.trigger.delivery?.type).toBe(delivery);
    expect(validateSpec(spec)).toEqual([]);
  });

  it('polls a service Spoke runs when the catalog knows no webhook for the event', () => {
    const spec = compile('When a new row is added to our Google Sheet, email me its contents');
    expect(spec.trigger).toMatchObject({
      type: 'event',
      integration: 'google-sheets',
      event: 'row.created',
      delivery: { type: 'poll', interval_minutes: 15 },
    });
    expect(validateSpec(spec)).toEqual([]);
  });

  it('takes the service the clause names over one that shares the catalog’s phrase', () => {
    const spec = compile('as soon as a Gorgias ticket comes in, find the Shopify order');
    expect(spec.trigger).toMatchObject({ type: 'event', integration: 'gorgias' });
  });

  it('does not make an event of a thing that already happened, or of a question', () => {
    expect(compile('Review the pull requests my students opened on GitHub').trigger.type).toBe(
      'manual',
    );
    expect(compile('who changed LaunchDarkly flags in production this week?').trigger).toEqual({
      type: 'manual',
    });
    expect(
      compile('Show me which of our Render services failed their last deploy').trigger,
    ).toEqual({ type: 'manual' });
  });

  it('does not read a schedule into times the text only refers to', () => {
    const spec = compile(
      'We had an outage last weekend that nobody noticed. Ping https://api.example.com/health every 15 minutes and text me when it fails',
    );
    expect(spec.trigger).toMatchObject({ type: 'schedule', cron: '*/15 * * * *' });
    expect(compile('Chart our monthly active users from Mixpanel').trigger).toEqual({
      type: 'manual',
    });
  });
});

describe('services named in the description', () => {
  it('keeps every named service: integrations, or unavailable with what to do', () => {
    const spec = compile(
      'When a new Typeform response comes in, add the person to Pipedrive and tell #sales in Slack',
    );
    const named = [
      ...spec.integrations.map((i) => i.id),
      ...(spec.unavailable ?? []).map((u) => u.id ?? u.name),
    ];
    for (const service of ['typeform', 'pipedrive', 'slack']) expect(named).toContain(service);
  });

  it('lists a service the catalog does not know by the name the description gives it', () => {
    const spec = compile(
      'Every Monday, pull last week’s leads from Zillow and add them to HubSpot',
    );
    expect(spec.unavailable?.map((u) => u.name)).toEqual(['Zillow']);
    expect(spec.unavailable?.[0]?.id).toBeUndefined();
  });

  it('reads everyday words as words: "close", "canvas" and "toggled" name no product', () => {
    const spec = compile(
      'When a feature flag is toggled in LaunchDarkly, close the old ticket and paint it on a canvas',
    );
    expect(spec.integrations.map((i) => i.id)).toEqual(['launchdarkly']);
    expect(spec.unavailable).toBeUndefined();
  });

  it('does not take places, people or languages for products', () => {
    for (const prompt of [
      'Every morning at 7, email me the weather in Lisbon',
      'Translate our latest WordPress post into Spanish and save it as a draft',
      'Email the summary to Priya every Friday',
    ]) {
      expect(compile(prompt).unavailable, prompt).toBeUndefined();
    }
  });
});

describe('descriptions too vague to build from', () => {
  it.each([
    'asdf qwer zxcv',
    'help',
    'test',
    'make my business better',
    'do the thing we discussed on the Henderson call',
    'what can you do?',
  ])('"%s" gets a question', (prompt) => {
    const outcome = compileOffline({ prompt, now: NOW });
    expect('question' in outcome && outcome.question).toMatch(/\?/);
  });

  it.each([
    'translate this to German',
    'give me five subject lines for our launch email',
    'summarise my unread Gmail',
  ])('"%s" gets an agent', (prompt) => {
    expect('question' in compileOffline({ prompt, now: NOW })).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactReplyLink } from '@spoke/shared';
import { DEFAULT_RATE_LIMITS } from '../../config/rate-limits.ts';
import { bearer, register, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    adminEmails: ['boss@example.com'],
    rateLimits: { ...DEFAULT_RATE_LIMITS, contactPerIp: { points: 3, durationSec: 3600 } },
  });
});
afterAll(async () => {
  await t.close();
});

const message = {
  name: 'Grace',
  email: 'grace@example.com',
  topic: 'sales',
  message: 'We would like to talk about the Enterprise plan.',
};
const send = (payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip, headers });

describe('POST /api/contact', () => {
  it('stores a message that admins can read, newest first, with the sender when signed in', async () => {
    const sender = await register(t.app);
    const res = await send(message, '10.9.0.1', bearer(sender.token));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: expect.any(String), received: true } });
    await send({ ...message, message: 'A second, later message.' }, '10.9.0.2');

    const boss = await register(t.app, { email: 'boss@example.com' });
    const list = await t.app.inject({
      url: '/api/admin/contact-messages',
      headers: bearer(boss.token),
    });
    const messages = list.json().data.messages;
    expect(messages.map((m: { message: string }) => m.message)).toEqual([
      'A second, later message.',
      message.message,
    ]);
    expect(messages[1]).toMatchObject({
      ...message,
      id: res.json().data.id,
      user_id: sender.user.id,
    });
    expect(messages[0].user_id).toBeNull();
  });

  it('validates every field with clear messages and stores nothing', async () => {
    const res = await send(
      { name: ' ', email: 'nope', topic: 'gossip', message: 'short' },
      '10.9.1.1',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      topic: 'Please choose a topic',
      message: 'Message must be at least 10 characters',
    });
  });

  it('refuses addresses that would add recipients or headers to the reply link', async () => {
    const hostile = [
      'x@y.z?bcc=victim@example.com',
      'x@y.z?cc=a@b.c&subject=hi',
      'a@b.c,evil@example.com',
      'a@b.c;evil@example.com',
      'a b@c.de',
      'a@b.c\r\nBcc: evil@example.com',
      'a@b.c%0ABcc:evil@example.com',
      '"a"@b.c',
      '<a@b.c>',
      'a@b.c#frag',
      'a@b.c/x',
      'a..b@c.de',
      '.a@b.cd',
      'a@-b.cd',
      'a@b',
      'a@b.c&x=1',
      'ä@b.cd',
    ];
    const count = async () =>
      (
        (await t.app.spoke.database.db.execute(
          'select count(*)::int as n from contact_messages',
        )) as unknown as { rows: { n: number }[] }
      ).rows;
    const before = await count();
    for (const [i, email] of hostile.entries()) {
      const res = await send({ ...message, email }, `10.9.3.${i}`);
      expect(res.statusCode, email).toBe(422);
      expect(res.json().error.fields, email).toEqual({
        email: 'Please enter a valid email address',
      });
    }
    expect(await count()).toEqual(before);
    for (const email of ['first.last+tag@mail.example.co.uk', 'A_B-c%d@x-y.io']) {
      expect((await send({ ...message, email }, '10.9.4.1')).statusCode, email).toBe(201);
    }
  });

  it('gives admins a reply link whose every part is encoded', () => {
    const link = contactReplyLink({ email: 'a+b@example.com', topic: 'security' });
    expect(link).toBe(
      'mailto:a%2Bb%40example.com?subject=Re%3A%20your%20message%20to%20Spoke%20(Security%20report)',
    );
    // Even an address from before the strict rule cannot add a header.
    const old = new URL(contactReplyLink({ email: 'x@y.z?bcc=v@e.com', topic: 'general' }));
    expect([...old.searchParams.keys()]).toEqual(['subject']);
    expect(decodeURIComponent(old.pathname)).toBe('x@y.z?bcc=v@e.com');
  });

  it('limits messages per address', async () => {
    for (let i = 0; i < 3; i++) expect((await send(message, '10.9.2.1')).statusCode).toBe(201);
    expect((await send(message, '10.9.2.1')).statusCode).toBe(429);
    expect((await send(message, '10.9.2.2')).statusCode).toBe(201);
  });
});

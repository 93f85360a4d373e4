import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
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

  it('limits messages per address', async () => {
    for (let i = 0; i < 3; i++) expect((await send(message, '10.9.2.1')).statusCode).toBe(201);
    expect((await send(message, '10.9.2.1')).statusCode).toBe(429);
    expect((await send(message, '10.9.2.2')).statusCode).toBe(201);
  });
});

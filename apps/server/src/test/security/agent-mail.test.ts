import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAITestServer, toolResultsOf, type OpenAITestServer } from '@spoke/agents/testing';
import { call, createAgent, finishedRun } from '../../modules/agents/agent-test-kit.ts';
import { bearer, register, startTestApp, type TestApp } from '../harness.ts';

// Finding 6: send_email reaches only the owner's verified address or addresses that allowed
// it, within a daily limit counted atomically, and every message names the user whose agent
// sent it. Mail goes to the outbox (no SMTP here), which the tests read.

const PER_DAY = 6;
let t: TestApp;
let model: OpenAITestServer;
/** What the model asks send_email to do in the next run. */
let nextMail: { to: string[]; subject: string; text: string };

beforeAll(async () => {
  (globalThis as Record<string, unknown>).AI_SDK_LOG_WARNINGS = false;
  model = await startOpenAITestServer({
    fallback: (request) => {
      const tool = request.tools?.find((x) => x.function.name.endsWith('send_email'));
      const results = toolResultsOf(request);
      if (!results.length && tool) {
        return { toolCalls: [{ name: tool.function.name, arguments: nextMail }] };
      }
      return { text: `Done: ${results.at(-1)?.content ?? ''}` };
    },
  });
  t = await startTestApp({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
    agentEmailsPerDay: PER_DAY,
  });
});
afterAll(async () => {
  await t.app.spoke.runs.idle();
  await t.close();
  await model.close();
});

const outbox = () => {
  const dir = path.join(t.config.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  // The platform's own mail (the verification link each registration sends) is not an agent's.
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => !/^Subject: Confirm your e-mail address for Spoke$/m.test(m));
};
/** The mails sent to `address` so far. */
const mailsTo = (address: string) =>
  outbox().filter((m) => new RegExp(`^To: ${address}$`, 'mi').test(m));
/** A mail's text with quoted-printable soft breaks and escapes undone. */
const plain = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    );

/** A registered account whose address is proven (the harness's default). */
const verified = () => register(t.app);

/** Runs an e-mailing agent of `token` once; returns the send_email step. */
async function sendAs(token: string, mail: typeof nextMail) {
  const agent = await createAgent(t, token, 'When I ask, e-mail the weekly report');
  expect(agent.spec.integrations.map((i) => i.id)).toContain('email');
  nextMail = mail;
  const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, token, { input: 'go' });
  expect(res.statusCode, res.body).toBe(202);
  const run = await finishedRun(t, token, res.json().data.run.id);
  const step = run.steps.find((s: { tool?: string }) => s.tool?.endsWith('send_email'));
  expect(step, JSON.stringify(run.steps)).toBeDefined();
  return step as { error?: string; output?: unknown };
}

const add = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/email-recipients',
    headers: bearer(token),
    payload: { email },
  });
const consentToken = (address: string) => {
  const mail = plain(mailsTo(address).at(-1) ?? '');
  const token = /email-consent\?token=([A-Za-z0-9_%-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no consent link for ${address}`);
  return decodeURIComponent(token);
};

describe('send_email', () => {
  it('refuses every send from an owner whose address is not verified', async () => {
    const owner = await register(t.app, {}, { verified: false });
    const step = await sendAs(owner.token, {
      to: [owner.user.email],
      subject: 'Hi',
      text: 'Hello',
    });
    expect(step.error).toContain('Verify your e-mail address first');
    expect(mailsTo(owner.user.email)).toEqual([]);
    const asked = await add(owner.token, 'friend-of-unverified@example.com');
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(mailsTo('friend-of-unverified@example.com')).toEqual([]);
  });

  it('sends to the owner’s own address, marked as the owner’s agent’s mail', async () => {
    const owner = await verified();
    const step = await sendAs(owner.token, {
      to: [owner.user.email.toUpperCase()],
      subject: 'Reset your Spoke password',
      text: 'Click here.',
    });
    expect(step.error ?? null).toBeNull();
    const [mail] = mailsTo(owner.user.email.toLowerCase());
    const text = plain(mail!);
    expect(text).toMatch(
      new RegExp(`^Subject: \\[Agent of ${owner.user.username}\\] Reset your Spoke password`, 'm'),
    );
    expect(text).toMatch(new RegExp(`^Reply-To: ${owner.user.email}$`, 'mi'));
    expect(text).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(text).toContain(`Sent by an agent of ${owner.user.username} on Spoke.`);
    expect(text).toContain('You get it as the agent’s owner.');
  });

  it('refuses strangers, in any spelling, and sends nothing to anyone in that message', async () => {
    const owner = await verified();
    for (const to of [
      ['victim@example.com'],
      [owner.user.email, 'Victim@Example.com'],
      ['victim@example.com', 'victim@example.com'],
    ]) {
      const step = await sendAs(owner.token, { to, subject: 'Hello', text: 'Body' });
      expect(step.error).toMatch(/^not sent: victim@example\.com has not allowed/);
    }
    expect(mailsTo('victim@example.com')).toEqual([]);
    expect(mailsTo(owner.user.email)).toEqual([]);
  });

  it('sends to an address once its owner allowed it, and never after it declined', async () => {
    const owner = await verified();
    const friend = `friend-${owner.user.username}@example.com`;
    const asked = await add(owner.token, friend.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data.recipient).toMatchObject({ email: friend, status: 'pending' });
    const request = plain(mailsTo(friend)[0]!);
    expect(request).toContain(
      `Subject: ${owner.user.username} wants their Spoke agent to e-mail you`,
    );
    expect(request).toContain(`${owner.user.username} wants their Spoke agent to e-mail you at`);
    // Pending is not allowed.
    const early = await sendAs(owner.token, { to: [friend], subject: 'Hi', text: 'Body' });
    expect(early.error).toContain('has not allowed');
    // Asking again is refused; the link answers once.
    expect((await add(owner.token, friend)).statusCode).toBe(409);
    const token = consentToken(friend);
    const shown = await t.app.inject({ url: `/api/email-consent?token=${token}` });
    expect(shown.json().data).toEqual({ username: owner.user.username, email: friend });
    const answer = (value: string, tokenValue = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/email-consent',
        payload: { token: tokenValue, answer: value },
      });
    expect((await answer('allow', `${token}x`)).statusCode).toBe(404);
    const allowed = await answer('allow');
    expect(allowed.json().data).toEqual({ status: 'confirmed' });
    expect((await answer('ignore')).statusCode).toBe(404);
    const sent = await sendAs(owner.token, { to: [friend], subject: 'Hi', text: 'Body' });
    expect(sent.error ?? null).toBeNull();
    const delivered = plain(mailsTo(friend).at(-1)!);
    expect(delivered).toContain(
      `You get it because you allowed ${owner.user.username}’s agents to e-mail you.`,
    );

    // Another address declines: it cannot be asked again, nor removed to be asked again.
    const other = `other-${owner.user.username}@example.com`;
    expect((await add(owner.token, other)).statusCode).toBe(201);
    expect((await answer('ignore', consentToken(other))).json().data.status).toBe('declined');
    const list = await t.app.inject({
      url: '/api/account/email-recipients',
      headers: bearer(owner.token),
    });
    const rows = list.json().data.recipients as { id: string; email: string; status: string }[];
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      [friend, 'confirmed'],
      [other, 'declined'],
    ]);
    const declined = rows.find((r) => r.email === other)!;
    const removeDeclined = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/email-recipients/${declined.id}`,
      headers: bearer(owner.token),
    });
    expect(removeDeclined.statusCode).toBe(404);
    expect((await add(owner.token, other)).statusCode).toBe(409);
    expect(mailsTo(other)).toHaveLength(1);

    // Removing a confirmed address takes the permission away.
    const confirmed = rows.find((r) => r.email === friend)!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/email-recipients/${confirmed.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    const after = await sendAs(owner.token, { to: [friend], subject: 'Hi', text: 'Body' });
    expect(after.error).toContain('has not allowed');
  });

  it('refuses own and malformed addresses as recipients with field errors', async () => {
    const owner = await verified();
    const own = await add(owner.token, owner.user.email.toUpperCase());
    expect(own.statusCode).toBe(422);
    expect(own.json().error.fields.email).toMatch(/your own address/);
    for (const bad of ['x@y.z?bcc=a@b.c', 'a b@c.de', '', 'a@b']) {
      expect((await add(owner.token, bad)).statusCode, bad).toBe(422);
    }
  });

  it('keeps the daily limit when requests race, and refuses sends past it', async () => {
    const owner = await verified();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        add(owner.token, `race-${i}-${owner.user.id}@example.com`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - PER_DAY);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error.message).toMatch(
      /^Daily e-mail limit reached \(6 a day, each recipient counts\)\. Sending resumes tomorrow, \d{4}-\d{2}-\d{2} \(UTC\)\.$/,
    );
    // Refused requests left nothing behind: no row, no mail.
    const { rows } = (await t.app.spoke.database.db.execute(
      sql`select count(*)::int as n from email_recipients where user_id = ${owner.user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(PER_DAY);
    const sent = outbox().filter((m) => m.includes(`-${owner.user.id}@example.com`));
    expect(sent).toHaveLength(PER_DAY);
    const step = await sendAs(owner.token, { to: [owner.user.email], subject: 'Hi', text: 'x' });
    expect(step.error).toContain('Daily e-mail limit reached');
    expect(mailsTo(owner.user.email)).toEqual([]);
    const list = await t.app.inject({
      url: '/api/account/email-recipients',
      headers: bearer(owner.token),
    });
    expect(list.json().data).toMatchObject({ daily_limit: PER_DAY, sent_today: PER_DAY });
  });
});

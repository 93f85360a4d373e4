import { afterEach, describe, expect, it } from 'vitest';
import { connect, dataOf, testContext, textOf } from './test-support.ts';

describe('send_email', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function setup(mailer?: Parameters<typeof testContext>[0]) {
    const { ctx, sent } = testContext(mailer);
    const mcp = await connect('email', ctx);
    close = mcp.close;
    return { ...mcp, sent };
  }

  it('sends through the platform mailer and returns its id', async () => {
    const { call, sent } = await setup();
    const result = await call('send_email', {
      to: ['ana@example.com', 'bo@example.org', 'ana@example.com'],
      subject: 'Weekly report',
      text: 'All green.\nSee you.',
    });
    expect(dataOf(result)).toEqual({
      id: 'msg-1',
      to: ['ana@example.com', 'bo@example.org'],
      subject: 'Weekly report',
    });
    expect(textOf(result)).toMatch(/^Sent "Weekly report" to ana@example.com, bo@example.org\./);
    expect(sent).toEqual([
      {
        agentId: 'agent-test',
        to: ['ana@example.com', 'bo@example.org'],
        subject: 'Weekly report',
        text: 'All green.\nSee you.',
      },
    ]);
  });

  it.each([
    [{ to: ['not-an-address'] }, 'not a valid e-mail address'],
    [{ to: [] }, 'give at least one recipient'],
    [{ to: Array.from({ length: 11 }, (_, i) => `u${i}@example.com`) }, 'at most 10 recipients'],
    [{ subject: '   ' }, 'the subject is empty'],
    [{ subject: 'Hi\r\nBcc: victim@example.com' }, 'the subject must be one line'],
    [{ text: '' }, 'the message is empty'],
  ])('refuses %j', async (override, message) => {
    const { call, sent } = await setup();
    const result = await call('send_email', {
      to: ['ana@example.com'],
      subject: 'Hello',
      text: 'Body',
      ...override,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(message);
    expect(sent).toHaveLength(0);
  });

  it('reports a mailer failure', async () => {
    const { call } = await setup({
      mailer: { send: () => Promise.reject(new Error('SMTP 550 mailbox unavailable')) },
    });
    const result = await call('send_email', {
      to: ['ana@example.com'],
      subject: 'Hi',
      text: 'Body',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('not sent: SMTP 550 mailbox unavailable');
  });
});

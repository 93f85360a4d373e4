import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiGet, registerUser, type Session } from './app-session.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
/** The browser's zone: the studio sends it with the prompt, for schedules written without one. */
const TIME_ZONE = 'Europe/Berlin';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface AgentJson {
  id: string;
  spec: {
    name: string;
    trigger: { type: string; cron?: string; timezone?: string };
    integrations: { id: string }[];
  };
}

async function open(path: string, session: Session, width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: TIME_ZONE,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl}/no-such-page`);
  await page.evaluate((token) => localStorage.setItem('token', token), session.token);
  await page.goto(`${baseUrl}${path}`);
  return { page, context, errors };
}

async function readAgent(id: string, session: Session): Promise<AgentJson> {
  const answer = await apiGet(`/api/agents/${id}`, session.token);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { agent: AgentJson } }).data.agent;
}

/** Creates an agent in the studio from its first example prompt; returns its page's id. */
async function createFromExample(page: Page): Promise<{ id: string; name: string }> {
  const studio = page.getByRole('region', { name: 'Agent studio' });
  const prompt = studio.getByLabel('Describe your agent');
  await prompt.waitFor();
  expect(await studio.getByRole('button', { name: 'Create Agent' }).isDisabled()).toBe(true);
  const example = studio
    .getByRole('region', { name: 'Try an example' })
    .getByRole('button')
    .first();
  const text = (await example.innerText()).trim();
  await example.click();
  expect(await prompt.inputValue()).toBe(text);
  await studio.getByRole('button', { name: 'Create Agent' }).click();

  const card = studio.getByRole('article');
  await card.waitFor();
  const name = (await card.getByRole('heading').first().innerText()).trim();
  const href = await card.getByRole('link', { name: 'Open agent page' }).getAttribute('href');
  const id = href?.split('/').pop() ?? '';
  expect(id).not.toBe('');
  return { id, name };
}

describe('agent studio and agent pages', () => {
  it('creates an agent from an example prompt and shows its real spec', async () => {
    const session = await registerUser();
    const { page, context, errors } = await open('/app/dashboard', session);
    const { id, name } = await createFromExample(page);

    // The studio shows what the server compiled and saved, not a sample.
    const agent = await readAgent(id, session);
    expect(name).toBe(agent.spec.name);
    const card = page.getByRole('region', { name: 'Agent studio' }).getByRole('article');
    const integrations = card.getByRole('list', { name: 'Integrations' });
    await expect
      .poll(() => integrations.innerText())
      .toMatch(/Zendesk[\s\S]*Not connected[\s\S]*Slack|Slack[\s\S]*Not connected[\s\S]*Zendesk/);
    expect(agent.spec.integrations.map((each) => each.id).sort()).toEqual(['slack', 'zendesk']);
    expect(agent.spec.trigger).toMatchObject({ type: 'schedule', cron: '0 9 * * 1-5' });
    expect(await card.innerText()).toContain(`(${agent.spec.trigger.timezone})`);
    expect(
      await card.getByRole('list', { name: 'Steps' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);

    await card.getByRole('link', { name: 'Open agent page' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/app/agents/${id}`);
    const form = page.getByRole('form', { name: 'Agent specification' });
    expect(await form.getByLabel('Name').inputValue()).toBe(name);
    expect(await form.getByLabel('Cron expression', { exact: true }).inputValue()).toBe(
      '0 9 * * 1-5',
    );

    await page.getByRole('link', { name: 'All agents' }).click();
    const list = page.getByRole('list', { name: 'Your agents' });
    await list.getByRole('link', { name }).waitFor();
    expect(await list.innerText()).toContain('No runs yet');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the schedule with the cron helper and keeps it', async () => {
    const session = await registerUser();
    const { page, context, errors } = await open('/app/dashboard', session);
    const { id, name } = await createFromExample(page);
    await page.goto(`${baseUrl}/app/agents/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const form = page.getByRole('form', { name: 'Agent specification' });
    await form.getByLabel('Common schedules').selectOption({ label: 'Every Monday at 9:00' });
    await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
    const next = form.getByRole('list', { name: 'Next runs' }).getByRole('listitem');
    await expect.poll(() => next.count()).toBe(5);
    for (const run of await next.allInnerTexts()) expect(run).toMatch(/^Mon, .* 09:00 GMT\+9$/);
    expect(await form.getByLabel('Schedule in words').inputValue()).toBe('every Monday at 9:00');

    const cron = form.getByLabel('Cron expression', { exact: true });
    await cron.fill('61 9 * * 1');
    await form.getByText(/Not a valid cron expression/).waitFor();
    expect(await cron.getAttribute('aria-invalid')).toBe('true');
    await cron.fill('0 9 * * 1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Changes saved.').waitFor();

    const saved = await readAgent(id, session);
    expect(saved.spec.trigger).toEqual({
      type: 'schedule',
      cron: '0 9 * * 1',
      timezone: 'Asia/Tokyo',
      text: 'every Monday at 9:00',
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await form.getByLabel('Cron expression', { exact: true }).inputValue()).toBe(
      '0 9 * * 1',
    );
    expect(await form.getByLabel('Time zone').inputValue()).toBe('Asia/Tokyo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs an agent against the local model, shows its steps, then hits the daily limit', async () => {
    const session = await registerUser();
    const { page, context, errors } = await open('/app/dashboard', session);
    const studio = page.getByRole('region', { name: 'Agent studio' });
    await studio
      .getByLabel('Describe your agent')
      .fill('Every hour, check the current time in Tokyo and remember it');
    await studio.getByRole('button', { name: 'Create Agent' }).click();
    await studio.getByRole('link', { name: 'Open agent page' }).click();
    await page.waitForURL(/\/app\/agents\/[^/]+$/);
    const id = page.url().split('/').pop() ?? '';
    await page.getByRole('form', { name: 'Agent specification' }).waitFor();
    const run = page.getByRole('region', { name: 'Run now' });

    await run.getByRole('button', { name: 'Dry run' }).click();
    const plan = run.getByRole('region', { name: 'Dry run: what a run would do' });
    await plan.waitFor();
    expect(await plan.innerText()).toContain('A language model is configured');
    expect(await plan.getByRole('list', { name: 'Tools' }).innerText()).toContain('clock.now');

    await run.getByLabel('Input (optional)').fill('Use the Asia/Tokyo zone');
    await run.getByRole('button', { name: 'Run now' }).click();
    // The new run opens by itself and follows the run until it has finished.
    const latest = page.getByRole('region', { name: 'Run history' }).getByRole('listitem').first();
    await latest.getByText('Succeeded').waitFor({ timeout: 30_000 });
    const steps = latest.getByRole('list', { name: 'Steps' });
    await expect.poll(() => steps.innerText(), { timeout: 30_000 }).toMatch(/Done\./);
    const text = await steps.innerText();
    expect(text).toMatch(/Tool call\s+(clock|memory)\.\w+/);
    expect(text).toContain('Model');
    expect(await latest.innerText()).toContain('Use the Asia/Tokyo zone');
    expect(await latest.innerText()).toMatch(/1 message/);

    // The Free plan allows 7 messages a day: use up the other 6, then Run now is refused.
    for (let n = 0; n < 6; n++) {
      const answer = await fetch(`${baseUrl}/api/agents/${id}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: '{}',
      });
      expect(answer.status).toBe(202);
    }
    await run.getByRole('button', { name: 'Run now' }).click();
    const refused = run.getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(
      /^Daily message limit reached \(7 a day on the Free plan\)/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes an agent after confirmation', async () => {
    const session = await registerUser();
    const { page, context, errors } = await open('/app/dashboard', session, 390);
    const { id, name } = await createFromExample(page);
    await page.goto(`${baseUrl}/app/agents/${id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('button', { name: 'Delete agent' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete agent' }).click();
    await page.getByText(`Deleted “${name}”.`).waitFor();
    await page.getByText('You have no agents yet.').waitFor();
    expect((await apiGet(`/api/agents/${id}`, session.token)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});

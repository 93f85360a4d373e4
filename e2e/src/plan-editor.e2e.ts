import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import {
  apiGet,
  createAgentInStudio,
  openPage,
  registerUser,
  type Session,
} from './app-session.ts';
import { expectNoViolations } from './axe-check.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

const PROMPT =
  'every hour, fetch https://status.example.com/api and send what it returns to our webhook at https://hooks.example.com/in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface PlanJson {
  steps: { id: string; kind: string; tool?: string; args?: Record<string, unknown> }[];
}

async function readPlan(id: string, session: Session): Promise<PlanJson> {
  const answer = await apiGet(`/api/agents/${id}`, session.token);
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { agent: { spec: { plan: PlanJson } } } };
  return data.agent.spec.plan;
}

/** The plan's own steps, not those nested in decisions or loops. */
const topSteps = (plan: Locator) =>
  plan.getByRole('list', { name: 'Plan steps' }).locator(':scope > li');

describe('plan editor', () => {
  it('shows the compiled plan, refuses a bad edit on its field, then saves the fix', async () => {
    const session = await registerUser();
    const { page, context, errors } = await openPage(browser, '/app/dashboard', { session });
    const id = await createAgentInStudio(page, PROMPT);
    await page.goto(`${baseUrl}/app/agents/${id}`);

    // The compiler wrote two tool steps: the plan runs without a language model.
    const plan = page.getByRole('region', { name: 'Plan' });
    await plan.getByRole('list', { name: 'Plan steps' }).waitFor();
    await expect.poll(() => topSteps(plan).count()).toBe(2);
    const [fetchText, sendText] = await topSteps(plan).allInnerTexts();
    expect(fetchText).toContain('http-request.http_request');
    expect(fetchText).toContain('https://status.example.com/api');
    expect(sendText).toContain('webhook.send_webhook');
    expect(sendText).toContain('https://hooks.example.com/in');
    expect(sendText).toContain('{{steps.fetch.body}}');
    expect(await plan.innerText()).toContain('Runs without a language model');
    await expectNoViolations(page, 'agent page with its plan');

    await plan.getByRole('button', { name: 'Edit plan' }).click();
    const form = plan.getByRole('form', { name: 'Edit plan' });
    await form.waitFor();
    const fetch = topSteps(form).nth(0);
    const send = topSteps(form).nth(1);
    const url = send.getByLabel(/^url/);
    expect(await url.inputValue()).toBe('https://hooks.example.com/in');
    await expectNoViolations(page, 'plan editor');

    // A required argument removed and a number below the tool's minimum: the server refuses both.
    await url.fill('');
    const timeout = fetch.getByLabel(/^timeout_ms/);
    await timeout.fill('50');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByText('Validation failed. Please check your input and try again.').waitFor();
    await send.getByText('url is required').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(await timeout.getAttribute('aria-invalid')).toBe('true');
    expect(await fetch.innerText()).toMatch(/timeout_ms must be >= 100/);
    // Focus is on the first mistake in the page's order.
    expect(await timeout.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await readPlan(id, session)).steps[1]?.args?.url).toBe('https://hooks.example.com/in');
    await expectNoViolations(page, 'plan editor with field errors');

    // The summary leads to each field.
    await form.getByRole('button', { name: 'Step send · url' }).click();
    expect(await url.evaluate((element) => element === document.activeElement)).toBe(true);

    await timeout.fill('');
    await url.fill('https://hooks.example.com/');
    await send
      .getByRole('combobox', { name: 'Reference to insert into url' })
      .selectOption('input');
    await send.getByRole('button', { name: 'Insert into url' }).click();
    expect(await url.inputValue()).toBe('https://hooks.example.com/{{input}}');
    await url.fill('https://hooks.example.com/status-changes');
    expect(await send.getByText('url is required').count()).toBe(0);
    await form.getByRole('button', { name: 'Save plan' }).click();
    await plan.getByText('Plan saved. It applies from the next run.').waitFor();

    const saved = await readPlan(id, session);
    expect(saved.steps.map((step) => step.id)).toEqual(['fetch', 'send']);
    expect(saved.steps[1]?.args).toEqual({
      url: 'https://hooks.example.com/status-changes',
      payload: '{{steps.fetch.body}}',
    });
    expect(saved.steps[0]?.args).not.toHaveProperty('timeout_ms');

    await page.reload();
    await plan.getByRole('list', { name: 'Plan steps' }).waitFor();
    expect(await topSteps(plan).nth(1).innerText()).toContain(
      'https://hooks.example.com/status-changes',
    );
    await plan.getByRole('button', { name: 'Edit plan' }).click();
    expect(await topSteps(form).nth(1).getByLabel(/^url/).inputValue()).toBe(
      'https://hooks.example.com/status-changes',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

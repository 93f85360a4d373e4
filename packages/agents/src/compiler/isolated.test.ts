import { afterAll, describe, expect, it } from 'vitest';
import {
  closeCompiler,
  compileOffline,
  compileOfflineIsolated,
  CompileTimeoutError,
} from './index.ts';

afterAll(closeCompiler);

const NOW = new Date('2026-11-21T10:00:00Z');

describe('compileOfflineIsolated', () => {
  it('answers what the embedded compiler answers on the caller thread', async () => {
    for (const prompt of [
      'When a new Stripe payment fails, email the customer a friendly note',
      'Every weekday at 9, post yesterday’s Jira issues to #eng',
      'asdf qwer zxcv',
    ]) {
      const input = { prompt, timezone: 'Europe/Berlin', now: NOW };
      expect(await compileOfflineIsolated(input)).toEqual(compileOffline(input));
    }
  });

  it('ends a compile that overruns its limit, and the next description is read by a new worker', async () => {
    const long = Array.from(
      { length: 300 },
      (_, i) => `whenever item ${i} in board ${i * 7} changes then notify group ${i}`,
    )
      .join(', ')
      .slice(0, 4000);
    await expect(compileOfflineIsolated({ prompt: long }, 1)).rejects.toBeInstanceOf(
      CompileTimeoutError,
    );
    const next = await compileOfflineIsolated({
      prompt: 'Every Monday, email me a summary of new GitHub issues',
    });
    expect('question' in next).toBe(false);
  });

  it('reads descriptions side by side without mixing their answers', async () => {
    const prompts = Array.from(
      { length: 12 },
      (_, i) => `Every day at ${(i % 12) + 1} pm, post the weather in Berlin to #team-${i}`,
    );
    const answers = await Promise.all(
      prompts.map((prompt) => compileOfflineIsolated({ prompt, now: NOW })),
    );
    answers.forEach((answer, i) => {
      expect(answer).toEqual(compileOffline({ prompt: prompts[i]!, now: NOW }));
    });
  });
});

import type { AgentSpec } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { compileEmbedded } from './embedded.ts';
import { validateSpec } from './validate.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const compile = (prompt: string) => compileEmbedded({ prompt, now: NOW });

describe('the typed plan of a description', () => {
  it('reads an address and sends what it returns on, with tool steps only', () => {
    const spec = compile(
      'every hour, fetch https://status.example.com/api and send what it returns to our webhook at https://hooks.example.com/in',
    );
    expect(spec.plan?.steps).toEqual([
      expect.objectContaining({
        id: 'fetch',
        kind: 'tool',
        tool: 'http-request.http_request',
        args: { method: 'GET', url: 'https://status.example.com/api' },
      }),
      expect.objectContaining({
        id: 'send',
        kind: 'tool',
        tool: 'webhook.send_webhook',
        args: { url: 'https://hooks.example.com/in', payload: '{{steps.fetch.body}}' },
      }),
    ]);
    expect(spec.integrations.map((i) => i.id).sort()).toEqual(['http-request', 'webhook']);
    expect(validateSpec(spec)).toEqual([]);
  });

  it('asks the model only for the language work, reading the step before', () => {
    const spec = compile(
      'Every morning at 8, read the feed https://blog.example.com/rss, summarise the new posts in three bullets and email them to me',
    );
    expect(spec.plan?.steps.map((s) => [s.id, s.kind])).toEqual([
      ['feed', 'tool'],
      ['summary', 'model'],
      ['email', 'tool'],
    ]);
    expect(spec.plan?.steps[1]).toMatchObject({ inputs: ['steps.feed.items'] });
    expect(spec.plan?.steps[2]).toMatchObject({
      tool: 'email.send_email',
      args: { to: ['{{owner.email}}'], text: '{{steps.summary}}' },
    });
    expect(validateSpec(spec)).toEqual([]);
  });

  it('decides in the plan when the description says "if it is down"', () => {
    const spec = compile(
      'every weekday at 9 check https://status.example.com and if it is down email ops@example.com',
    );
    expect(spec.plan?.steps).toEqual([
      expect.objectContaining({ id: 'check', tool: 'web-page.fetch_page', on_error: 'continue' }),
      expect.objectContaining({
        kind: 'if',
        condition: { value: 'steps.check.error', op: 'is_not_empty' },
        then: [
          expect.objectContaining({
            tool: 'email.send_email',
            args: expect.objectContaining({ to: ['ops@example.com'] }),
          }),
        ],
      }),
    ]);
  });

  it('sends what started the run, and never a message it would have to make up', () => {
    expect(
      compile('When a new Typeform response comes in, email it to ana@example.com').plan?.steps,
    ).toEqual([
      expect.objectContaining({
        tool: 'email.send_email',
        args: expect.objectContaining({ to: ['ana@example.com'], text: '{{input}}' }),
      }),
    ]);
    // Nothing read before the send: the agent step decides what to post.
    expect(
      compile('Every hour post to our webhook https://hooks.example.com/x').plan?.steps.map(
        (s) => s.kind,
      ),
    ).toEqual(['agent']);
  });

  it('sends only to an address the description sends to, never to one it reads', () => {
    const spec = compile(
      "our CI pipeline will hit this agent's webhook after every production deploy. when it does: call https://api.example.com/health and /ready, and if either isn't a 200 open an alert in Opsgenie",
    );
    expect(JSON.stringify(spec.plan)).not.toContain('send_webhook');
    expect(
      compile(
        'Every hour fetch https://api.example.com/stats and post the JSON to https://collector.example.com/in',
      ).plan?.steps.map((s) =>
        s.kind === 'tool' ? `${s.tool} ${JSON.stringify(s.args)}` : s.kind,
      ),
    ).toEqual([
      'http-request.http_request {"method":"GET","url":"https://api.example.com/stats"}',
      'http-request.http_request {"method":"POST","url":"https://collector.example.com/in","body":"{{steps.fetch.body}}"}',
    ]);
  });

  it('leaves work it cannot write out to one agent step with the agent’s tools', () => {
    const spec = compile(
      'When a new Typeform response comes in, add the person to Pipedrive and tell #sales in Slack',
    );
    expect(spec.plan?.steps).toEqual([
      expect.objectContaining({
        kind: 'agent',
        tools: [],
        instruction: expect.stringContaining('Tell #sales in Slack'),
      }),
    ]);
  });
});

describe('work a plan would leave undone, or do when it should not, is the model’s', () => {
  // Each of these would run as tool and model steps that drop part of the job, send when the
  // description says only sometimes, or ask a model step for work that needs tools.
  const cases: [string, string][] = [
    [
      'Parents fill in the field trip permission form (Google Forms). Each time one comes in, tick that kid off in my class roster spreadsheet, and once the whole class has returned it, email me.',
      'a step the steps lost (the roster)',
    ],
    [
      'Hi, when a candidate is moved to Hired in Greenhouse, could you create their employee profile in Paylocity and email it@brightlane.io so a laptop is ready for their start date?',
      'a service Spoke cannot run',
    ],
    [
      "check https://status.ourvendor.com every 10 minutes and telegram me if anything's degraded",
      'more than the read in a reading step',
    ],
    [
      'every 15 min hit https://api.example.com/health, if it doesnt come back 200 open a pagerduty incident',
      'more than the read in a reading step',
    ],
    [
      'when a row is added to the project tracker in Smartsheet, recompute the budget burn per project and write it to the summary sheet',
      'words written somewhere',
    ],
    [
      'SonarQube quality gate failed?? explain the top 3 problems to the PR author in simple words, as a comment on the pull request',
      'words posted as a comment',
    ],
    [
      "if the shop's website goes down (we use uptimerobot) whatsapp me and raj our web guy straight away",
      'a service no step uses',
    ],
    [
      "Whenever a patient's family submits a complaint through our Jotform, email it to me and the unit's charge nurse",
      'a recipient with no address',
    ],
    ['each time a Render deploy fails, email me the build logs', 'something to fetch first'],
    [
      'When a new contact gets created in HubSpot, summarise it. If the company has more than 200 employees, ping #sales-enterprise with the summary.',
      'a condition',
    ],
    [
      'When a new lead is added to HubSpot, score it from 1 to 10 based on company size and post hot leads to #sales',
      'a selection',
    ],
    [
      'Whenever someone uploads a PDF to our shared OneDrive folder, summarise it. Email me the summary with a link to the file.',
      'a file the event points to',
    ],
  ];
  it.each(cases)('%s (%s)', (prompt) => {
    const steps = compile(prompt).plan?.steps ?? [];
    expect(steps.some((step) => step.kind === 'agent')).toBe(true);
    const writes = steps.filter(
      (step) => step.kind === 'tool' && /^(?:email|slack|webhook)\./.test(step.tool),
    );
    expect(writes).toEqual([]);
  });
});

describe('posts to the Slack channels a description names', () => {
  it('posts a step’s words to each channel, by name, and later steps still read the words', () => {
    const spec = compile(
      'Every Monday morning, read https://blog.example.com/feed.xml, summarise the new posts, share them in #news and #Marketing-Team on Slack and email them to me',
    );
    const steps = spec.plan?.steps ?? [];
    expect(steps.map((s) => [s.id, s.kind])).toEqual([
      ['feed', 'tool'],
      ['summary', 'model'],
      ['post', 'tool'],
      ['post_2', 'tool'],
      ['email', 'tool'],
    ]);
    expect(steps.slice(2, 4)).toEqual([
      expect.objectContaining({
        tool: 'slack.conversations_add_message',
        args: { channel_id: '#news', text: '{{steps.summary}}' },
      }),
      expect.objectContaining({
        tool: 'slack.conversations_add_message',
        args: { channel_id: '#marketing-team', text: '{{steps.summary}}' },
      }),
    ]);
    expect(steps[4]).toMatchObject({ args: { text: '{{steps.summary}}' } });
    expect(validateSpec(spec)).toEqual([]);
  });

  it('posts a page’s text as it was read', () => {
    const spec = compile(
      'every morning check https://status.example.com and post what it says to #ops',
    );
    expect(spec.plan?.steps.at(-1)).toMatchObject({
      kind: 'tool',
      tool: 'slack.conversations_add_message',
      args: { channel_id: '#ops', text: '{{steps.page.text}}' },
    });
  });

  it('leaves to the model what it would have to word itself, or post only sometimes', () => {
    for (const prompt of [
      // The event's data is not a message.
      'When a new issue is created in Linear, post it to #eng in Slack',
      // Whether to post depends on what was read.
      'Every hour fetch https://status.example.com, summarise it and post to #ops only if something is down',
    ]) {
      const steps = compile(prompt).plan?.steps ?? [];
      expect(
        steps.some((s) => s.kind === 'tool' && s.tool.startsWith('slack.')),
        prompt,
      ).toBe(false);
    }
  });

  it('reads no channel in a number, a URL or a word', () => {
    const spec = compile(
      'Every Friday fetch https://example.com/page#section, summarise it for the C# team and the readers of issue #12, and post the summary to #dev-updates',
    );
    const posts = (spec.plan?.steps ?? []).filter(
      (s) => s.kind === 'tool' && s.tool === 'slack.conversations_add_message',
    );
    expect(posts.map((s) => (s.kind === 'tool' ? s.args.channel_id : null))).toEqual([
      '#dev-updates',
    ]);
  });
});

describe('plan checks when a spec is saved', () => {
  const base = compile(
    'every hour, fetch https://status.example.com/api and send what it returns to our webhook at https://hooks.example.com/in',
  );
  const withSteps = (steps: unknown[]) => ({ ...base, plan: { steps } }) as AgentSpec;

  it('names unknown tools, tools of integrations the spec lacks, and bad arguments by field', () => {
    const issues = validateSpec(
      withSteps([
        { id: 'a', kind: 'tool', tool: 'http-request.http_get', args: {} },
        { id: 'b', kind: 'tool', tool: 'slack.conversations_add_message', args: {} },
        {
          id: 'c',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { method: 'FETCH', verb: 'x' },
        },
        {
          id: 'd',
          kind: 'tool',
          tool: 'email.send_email',
          args: { to: ['not-an-address'], subject: 'x', text: '{{steps.c.body}}' },
        },
        { id: 'e', kind: 'agent', instruction: 'Tidy up', tools: ['memory.memory_set'] },
      ]),
    );
    expect(issues).toEqual([
      {
        path: 'plan.steps.0.tool',
        message: expect.stringMatching(
          /^http-request has no tool "http_get" \(known: http_request\)/,
        ),
      },
      {
        path: 'plan.steps.1.tool',
        message: 'uses "slack", which is not in the spec\'s integrations',
      },
      { path: 'plan.steps.2.args.url', message: 'is required' },
      { path: 'plan.steps.2.args.method', message: 'must be equal to one of the allowed values' },
      {
        path: 'plan.steps.2.args.verb',
        message: expect.stringMatching(
          /^is not an argument of http-request\.http_request \(it takes method, url/,
        ),
      },
      {
        path: 'plan.steps.3.tool',
        message: 'uses "email", which is not in the spec\'s integrations',
      },
      {
        path: 'plan.steps.4.tools.0',
        message: 'uses "memory", which is not in the spec\'s integrations',
      },
    ]);
  });

  it('takes a tool its server lists though the catalog does not describe it, by its schema', () => {
    const teams = {
      ...base,
      integrations: [...base.integrations, { id: 'microsoft-teams', why: 'post', config: [] }],
    } as AgentSpec;
    const step = (tool: string, args: Record<string, unknown>) =>
      validateSpec({ ...teams, plan: { steps: [{ id: 'a', kind: 'tool', tool, args }] } });
    expect(
      step('microsoft-teams.send-chat-message', {
        chatId: '19:abc',
        body: { body: { content: 'Hi' } },
      }),
    ).toEqual([]);
    expect(step('microsoft-teams.send-chat-message', { body: {} })).toEqual([
      { path: 'plan.steps.0.args.chatId', message: 'is required' },
    ]);
    expect(step('microsoft-teams.post_everywhere', {})).toEqual([
      {
        path: 'plan.steps.0.tool',
        message: expect.stringMatching(
          /^microsoft-teams has no tool "post_everywhere" \(known: login, logout, .*, and \d+ more\)$/,
        ),
      },
    ]);
  });

  it('refuses an argument nested too deep as a field error, not a crash', () => {
    let deep: unknown = '{{steps.fetch.body}}';
    for (let k = 0; k < 50_000; k++) deep = [deep];
    const spec = structuredClone(base);
    (spec.plan!.steps[1] as { args: Record<string, unknown> }).args.payload = deep;
    expect(validateSpec(spec)).toEqual([
      { path: 'plan.steps.1.args.payload', message: 'nests more than 32 levels' },
    ]);
  });

  it('checks written-out values but leaves references to the run', () => {
    const spec = {
      ...withSteps([
        {
          id: 'd',
          kind: 'tool',
          tool: 'email.send_email',
          args: { to: ['not-an-address'], subject: 'x', text: 'y' },
        },
        {
          id: 'e',
          kind: 'tool',
          tool: 'email.send_email',
          args: { to: ['{{owner.email}}'], subject: 'x', text: '{{steps.d}}' },
        },
      ]),
      integrations: [...base.integrations, { id: 'email', why: 'mail', config: [] }],
    };
    expect(validateSpec(spec)).toEqual([
      { path: 'plan.steps.0.args.to.0', message: 'must be a valid email' },
    ]);
  });
});

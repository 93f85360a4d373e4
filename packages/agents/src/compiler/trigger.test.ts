import { describe, expect, it } from 'vitest';
import { compileEmbedded } from './embedded.ts';
import { analyse } from './nlp.ts';
import { normalize } from './text.ts';
import { settleKind, type TriggerReading } from './trigger.ts';
import { readTriggerType } from './trigger-type.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const triggerOf = (prompt: string) => compileEmbedded({ prompt, now: NOW }).trigger;
/** An event of the integration, and (where given) the event itself. */
const expectEvent = (prompt: string, integration: string, event: string | null) =>
  expect(triggerOf(prompt)).toMatchObject({
    type: 'event',
    integration,
    ...(event ? { event } : {}),
  });

describe('event triggers', () => {
  it.each([
    ['When a new ticket arrives in Zendesk, tag it', 'zendesk', 'ticket.created'],
    ['When a GitHub issue is labelled bug, open a Linear issue', 'github', 'issues.labeled'],
    ['When a GitHub issue is labeled bug, open a Linear issue', 'github', 'issues.labeled'],
    ['whenever someone opens a pull request on GitHub, review it', 'github', 'pull_request.opened'],
    ['When a PR gets merged on GitHub, thank the author', 'github', 'pull_request.merged'],
    ['Each time a Stripe payment fails, email the customer', 'stripe', 'invoice.payment_failed'],
    [
      'As soon as a customer churns in Stripe, tell #sales',
      'stripe',
      'customer.subscription.deleted',
    ],
    ['When a new order is placed in Shopify, add it to Airtable', 'shopify', 'orders.create'],
    [
      'When a deal moves to Closed Won in HubSpot, celebrate in Slack',
      'hubspot',
      'deal.stage_changed',
    ],
    ['When someone mentions the bot in Slack, answer from Notion', 'slack', 'app.mentioned'],
    ['When a Vercel deploy fails, post the log to #deploys', 'vercel', 'deployment.error'],
    ['If the GitLab pipeline fails, open an issue', 'gitlab', 'pipeline.failed'],
    [
      'When a PagerDuty incident is resolved, write a postmortem draft in Confluence',
      'pagerduty',
      'incident.resolved',
    ],
    [
      'When an SMS arrives on our Twilio number, reply with our hours',
      'twilio',
      'message.received',
    ],
    [
      'Every new merge request in GitLab: check the pipeline and comment',
      'gitlab',
      'merge_request.opened',
    ],
  ])('%s', (prompt, integration, event) => {
    expect(triggerOf(prompt)).toEqual({
      type: 'event',
      integration,
      event,
      delivery: { type: 'webhook' },
    });
  });

  it('lists the event’s integration even when only the event names it', () => {
    const spec = compileEmbedded({
      prompt: 'When a new Jira issue is created, page the on-call engineer in PagerDuty',
      now: NOW,
    });
    expect(spec.integrations.map((i) => i.id)).toEqual(['jira', 'pagerduty']);
    expect(spec.integrations[0]!.why).toMatch(/^starts a run on each issue created event/);
    expect(spec.steps[0]!.text).toBe('Read the Jira event that started the run (issue created)');
  });

  it('reads a thing said to be on a maker or product as the product the two name together', () => {
    for (const prompt of [
      'When someone leaves a review on Google, draft a reply and send it to me on WhatsApp',
      'if someone leaves us a bad review on google tell me in slack straight away',
      'Whenever we get a new review on Google Maps, post it to #reviews',
    ]) {
      const spec = compileEmbedded({ prompt, now: NOW });
      expect(spec.trigger).toMatchObject({
        type: 'event',
        integration: 'google-reviews',
        event: 'review.created',
      });
      expect(spec.unavailable?.map((u) => u.id)).toContain('google-reviews');
      expect(spec.unavailable?.map((u) => u.name)).not.toContain('Google');
    }
    // (Said once in the name: not "Google Reviews reviews".)
    expect(
      compileEmbedded({
        prompt: 'When someone leaves a review on Google, send it to me on WhatsApp',
        now: NOW,
      }).name,
    ).toBe('Google Reviews to WhatsApp');
    // A thing on a product that is no other product's name stays on that product.
    expect(
      compileEmbedded({ prompt: 'find the route on Google Maps', now: NOW }).integrations.map(
        (i) => i.id,
      ),
    ).toEqual(['google-maps']);
  });

  it('reads "the second", "the minute" as saying when only before the one who acts', () => {
    expectEvent('the second I go live on Twitch, post the link in our Discord', 'twitch', null);
    expect(triggerOf('copy the second sheet into a new doc in Google Drive')).toEqual({
      type: 'manual',
    });
  });

  it('prefers the integration the clause names over one that shares the phrase', () => {
    expect(triggerOf('When a new Sentry issue appears, create a GitHub issue')).toEqual({
      type: 'event',
      integration: 'sentry',
      event: 'issue.created',
      delivery: { type: 'webhook' },
    });
    expect(triggerOf('When new commits are pushed to GitLab, summarise them')).toEqual({
      type: 'event',
      integration: 'gitlab',
      event: 'push',
      delivery: { type: 'webhook' },
    });
  });

  it.each([
    [
      'Trustpilot: 1 or 2 stars lands -> draft an apology reply for me to approve',
      'trustpilot',
      'review.created',
    ],
    [
      'Instantly: positive reply from a prospect -> create a deal in HubSpot',
      'instantly',
      'reply.received',
    ],
    // A push named bare, a ticket reopened, a product named by its account's domain; a person
    // at work pinged is no call to the agent.
    ['on push to main in GitHub, run the linter', 'github', 'push'],
    // The service's own id for the event, as its developers write it.
    [
      "Stripe's invoice.payment_failed - when that fires, email them the update-card link",
      'stripe',
      'invoice.payment_failed',
    ],
    // An e-mail that hits a mailbox arrives there.
    [
      'When an email from the school (anything @stjosephs.org) hits my Gmail, make a task in Todoist',
      'gmail',
      'message.received',
    ],
    [
      'Wenn auf unserem Ghost-Blog ein neuer Artikel veröffentlicht wird: einen LinkedIn-Post machen',
      'ghost',
      'post.published',
    ],
    [
      'acme.freshdesk.com — whenever a ticket gets reopened, bump its priority and ping the agent who closed it on slack',
      'freshdesk',
      'ticket.updated',
    ],
  ])(
    'reads a headline that tells of a happening in a service as its event: %s',
    (prompt, integration, event) => {
      expect(triggerOf(prompt)).toMatchObject({ type: 'event', integration, event });
    },
  );

  it.each([
    [
      "Wenn the nightly GitHub Actions workflow 'e2e' is failing, write the failing test in #qa",
      'github-actions',
    ],
    ['quando entra um novo lead no HubSpot, create the organization in Pipedrive', 'hubspot'],
  ])('reads the word for "when" of the languages people mix in: %s', (prompt, integration) => {
    expect(triggerOf(prompt)).toMatchObject({ type: 'event', integration });
  });

  it.each([
    ['Shopifyで新しい注文が入ったらSlackの#salesに通知して', 'shopify', 'orders.create'],
    ['Stripeで支払いが失敗したら、顧客にメールを送って', 'stripe', 'invoice.payment_failed'],
    ['GitHubでプルリクエストが作成されたら、コードをレビューしてください', 'github', null],
    ['Jira 上有新的工单时，帮我总结一下发到钉钉群里', 'jira', 'issue.created'],
    ['每当 Typeform 收到新的表单回答，就把内容写进 Notion', 'typeform', 'response.submitted'],
    ['Zendesk에 새 티켓이 들어오면 요약해서 슬랙에 올려줘', 'zendesk', 'ticket.created'],
    ['Googleカレンダーに予定が追加されたら、前日にリマインドして', 'google-calendar', null],
    // ... and Greek, Russian, Ukrainian, Indonesian, Dutch and Turkish, word by word.
    ['Όταν έρχεται νέο μήνυμα στο Intercom, γράψε μια απάντηση', 'intercom', null],
    ['Как только в Sentry появляется новая ошибка, напиши в Slack', 'sentry', null],
    ['Коли в Shopify надходить нове замовлення, додай його в Google Таблиці', 'shopify', null],
    ['Jika ada pembayaran baru di Stripe, kirim email ke pelanggan', 'stripe', null],
    ['Als er een nieuwe review op Trustpilot verschijnt, stuur me een bericht', 'trustpilot', null],
    ["GitHub'da bir pull request açıldığında kodu incele", 'github', 'pull_request.opened'],
    ["Stripe'ta bir ödeme başarısız olursa müşteriye e-posta gönder", 'stripe', null],
    ["Grafana alert tetiklenince son logları Loki'den çek", 'grafana', null],
    ['Gitee 上有人提 Pull Request，就帮忙检查一下代码', 'gitee', 'pull_request.opened'],
    ['Sentry에 새 에러가 잡히면 Jira에 버그 티켓 만들어 주세요', 'sentry', null],
    ['보강 신청이 구글 폼으로 접수되면 구글 캘린더에 일정을 잡아 주세요', 'google-forms', null],
  ])(
    'reads a when-clause in other languages, Japanese, Chinese, Korean and Turkish telling it after what happens: %s',
    expectEvent,
  );

  it.each([
    // What the person does is no happening in a service ("when I give you a link").
    '제가 링크를 주면 요약해 주세요',
    '我给你一个链接时，帮我总结一下',
    'Когда я попрошу, пройдись по открытым pull request в GitHub',
    // A time of day is a schedule's.
    '毎朝9時にGmailの未読メールを要約して',
  ])('reads no event where the clause tells of none: %s', (prompt) => {
    expect(triggerOf(prompt).type).not.toBe('event');
  });

  it.each([
    [
      'In Azure DevOps, a pull request gets created: check that it links a work item',
      'azure-devops',
      'git.pullrequest.created',
    ],
    [
      'For my small estate agency: a new contact lands in HubSpot, send me a WhatsApp',
      'hubspot',
      'contact.created',
    ],
    [
      'gerrit, platform/core: fresh patchset uploaded → review vs our C++ style guide',
      'gerrit',
      null,
    ],
  ])('reads a happening told at a clause start with no "when", before a boundary: %s', expectEvent);

  it.each([
    ['Show me which of our Render services failed their last deploy, and why', 'manual'],
    ['Clean up my Downloads folder, sort the PDFs into subfolders', 'manual'],
    ['on demand, take a TOPdesk incident number, pull the incident and its actions', 'manual'],
    ['On Monday, check the sales and post them in #sales', 'schedule'],
  ])(
    'reads no happening in a clause that is an order, a question or a time: %s',
    (prompt, type) => {
      expect(triggerOf(prompt).type).toBe(type);
    },
  );

  it.each([
    ['judge.me: any review under 3 stars -> open a Gorgias ticket for that customer', 'judge-me'],
    ['reply.io seqs: prospect answers → sort interested / not now / unsub', 'reply-io'],
  ])('reads a headline of a service named with a dot: %s', (prompt, integration) => {
    expect(triggerOf(prompt)).toMatchObject({ type: 'event', integration });
  });

  it.each([
    ['paste lead list csv -> dedupe vs hubspot contacts', 'manual'],
    ['paste any list -> dedupe it in hubspot', 'manual'],
    ["on request: cust's thread history in front + linked jira bugs -> escalation brief", 'manual'],
    ['pre-release: diff last tag vs main on github -> release notes', 'manual'],
    ['daily 7am zendesk: new tickets + backlog -> email the leads', 'schedule'],
  ])('reads no event in a headline that is an order, a request or a time: %s', (prompt, type) => {
    expect(triggerOf(prompt).type).toBe(type);
  });

  it('reads a line that says what starts it as a when-clause, not a time or a run by hand', () => {
    expect(
      triggerOf(
        "- trigger: Grafana alert 'db-latency' starts firing\n- check the slow query log in our MySQL\n- post the top 5 queries in #db-oncall",
      ),
    ).toMatchObject({ type: 'event', integration: 'grafana' });
    expect(triggerOf('Trigger: every Monday at 9. Action: post the KPIs to #team')).toMatchObject({
      type: 'schedule',
      cron: '0 9 * * 1',
    });
  });

  it('reads a frequency of a thing results go to as the thing, not a schedule', () => {
    expect(
      triggerOf(
        "Zoom meeting ends -> log duration and host to the 'Meetings' sheet for our monthly meeting-load report",
      ),
    ).toMatchObject({ type: 'event', integration: 'zoom' });
    expect(triggerOf('Fill in my weekly Harvest timesheet from my Google Calendar events')).toEqual(
      {
        type: 'manual',
      },
    );
  });

  it('reads a frequency naming a thing as the thing, against a clause that says when', () => {
    expect(
      triggerOf(
        "After the nightly airbyte sync completes, compute yesterday's revenue in Snowflake",
      ),
    ).toMatchObject({ type: 'event', integration: 'airbyte', event: 'sync.completed' });
    expect(
      triggerOf(
        'If the nightly invoicing job misses its Cronitor check-in, open an Opsgenie alert',
      ),
    ).toMatchObject({ type: 'event', integration: 'cronitor', event: 'monitor.failed' });
    // Work asked for on a rhythm stays a schedule: "hourly please", "the weekly report".
    expect(
      triggerOf('Check our Coolify apps and tell me in Discord which are down — hourly please'),
    ).toMatchObject({ type: 'schedule', cron: '0 * * * *' });
    expect(triggerOf('Send the weekly report of new Stripe customers to #sales')).toMatchObject({
      type: 'schedule',
    });
  });

  it('reads a breakdown by period and the days work is queued for as no time to run', () => {
    expect(
      triggerOf(
        'Pull our Square transactions for December and tell me our busiest hour for each day of the week',
      ),
    ).toEqual({ type: 'manual' });
    expect(
      triggerOf(
        'monday 8am — turn last week’s substack post into 3 linkedin posts and queue them in buffer for tue/wed/thu',
      ),
    ).toMatchObject({ type: 'schedule', cron: '0 8 * * 1' });
    expect(
      triggerOf(
        'Every Friday, draft three posts and schedule them for Monday, Wednesday and Friday in Buffer',
      ),
    ).toMatchObject({ type: 'schedule', cron: '0 9 * * 5' });
    expect(
      triggerOf('Run it every day of the week at 7 and email me the Stripe totals'),
    ).toMatchObject({
      type: 'schedule',
      cron: '0 7 * * *',
    });
  });

  it('watches what crosses a line, and a status page, by the clock', () => {
    expect(
      triggerOf(
        'keep an eye on disk usage on our three Hetzner servers and post in #ops if any of them goes over 85%',
      ),
    ).toMatchObject({ type: 'schedule', cron: '0 * * * *' });
    expect(
      triggerOf(
        'check our status page https://status.paylane.io and tell #ops if anything is degraded',
      ),
    ).toMatchObject({ type: 'schedule', cron: '0 * * * *' });
    // A real happening with a figure in it stays an event.
    expect(triggerOf('if a Stripe payment over $500 fails, tell #finance')).toMatchObject({
      type: 'event',
      integration: 'stripe',
    });
  });

  it('reads the hours a thing happens outside of as a condition, not a schedule', () => {
    expect(
      triggerOf(
        'New chat on our LiveChat outside business hours (9–6 Mon–Fri)? Answer from our FAQ Google Doc',
      ),
    ).toMatchObject({ type: 'event', integration: 'livechat' });
    expect(
      triggerOf('Every hour during business hours (9-17), check the Zendesk queue'),
    ).toMatchObject({ type: 'schedule' });
  });
});

describe('webhook triggers', () => {
  it.each([
    'When our deploy system calls this agent, announce the version in #releases',
    'On an incoming webhook from our CI, post the build time to Slack',
    'Trigger by webhook: create a Zendesk ticket for each failed charge',
    'When I call the agent’s webhook with a date, return the Google Analytics page views',
    'Receive form submissions via webhook and store each one in Airtable',
    'When our billing system POSTs an event to this agent, email finance@acme.io',
    'Our POS will send a webhook here every time a gift card is sold: add the buyer to Brevo',
    "I'll trigger this with a webhook from our CMS containing the article's URL: write three posts",
    'Our Directus instance fires a webhook at this agent whenever an editor marks an article done',
    'the rollout script on our proxmox boxes curls your webhook url when it finishes',
    'Our e-commerce backend on Render will send you a webhook whenever a background job dies',
    'when our till system sends a webhook for a new loyalty signup, add them to Klaviyo',
    'A Raspberry Pi calls a webhook when the UPS switches to battery. When this agent gets that call, text IT',
    // Pinged, hit, posted to: another system calls the agent, whatever the verb.
    'Whenever the warehouse scanner pings you with a parcel id, look it up in ShipStation',
    'Our labelling bot will POST each new photo to this URL; caption it and save it to Airtable',
    'the nightly export job will post here once it is done. check the row counts in BigQuery',
    'We have a script that fires a webhook after every failed login burst; when it hits you, lock the Okta user',
    'Kick it off from our Jenkins job with a webhook carrying the release tag, then write the notes',
    'Our ticketing system is sending webhook when a VIP opens a ticket: page the account manager',
    'Our door sensor hub calls a URL when the back door opens at night. Text me via Twilio',
    // A system as the subject of a call to a URL, an endpoint or the agent, however it is set up.
    'Our landing pages are set up to post every form submission to a webhook URL. Point that at the agent',
    'The rota app is configured to POST to a URL whenever a shift is dropped. Find cover in the sheet',
    'every DAG has a failure callback that POSTs the run id to whatever URL we configure; triage it',
    'Our quote calculator can POST the form data as JSON to an endpoint. Make a deal in Pipedrive',
    'Our Jenkins pipeline will POST the PR number and a link to the coverage report to the agent after the tests',
    'our app will POST signups here → add them to Loops',
    'Expose a webhook for the Jenkins post-build step. On a FAILURE payload, pull the console log',
    // An address asked for, for the user's own systems to call.
    'Can you give me a URL I can call from the cron jobs on our server? When a backup fails, open a Jira ticket',
    'I need a webhook our CI can post to; when a build fails, open a Jira ticket',
    // The address asked for, heading the description; what another system sends, a payload.
    'Hook URL for our conference app: after each session ends it posts speaker + title; write a recap',
    'when our game server posts a match-end payload, update the leaderboard stats in Redis',
    // An HTTP request in capitals, whatever sends it; an address it can post to, whichever.
    'Our NAS sends a POST when a backup task fails. Open an issue in our Redmine',
    'Our feedback widget can POST JSON to any URL. When feedback comes in, file bugs in Jira',
    'The quote calculator on our website can post its result (name, email, job type, estimate in EUR) to a URL. Each time, create a lead in Zoho CRM',
    // Sent "to it" or "here" by a system that does the sending; a POST request sent to it.
    'Our backend will POST to it every time someone upgrades to a paid plan. Update the lead in Close',
    "a cron job on our server posts yesterday's raw order CSV to it every night. Total it by region",
    "I'll wire a Stream Deck button to send an HTTP request to it: start a Focus timer in Toggl",
    "I'll send it a URL from my phone with a plain POST request; read the article and summarise it",
    'Our booking widget POSTs every new quote request here. Price the job from our rate sheet',
    // The webhook and this agent in another language.
    'Unser Ticketsystem schickt bei jedem neuen Ticket einen Webhook an diesen Agenten: Priorität setzen',
    'Nuestro ERP llama al webhook de este agente cuando se aprueba una factura; avisa por Slack',
    'Sistem kasir kami akan kirim webhook ke agent ini setiap ada transaksi besar',
    'Nasz sklep wysyła webhook do agenta po każdym zamówieniu',
    'Наша CRM будет отправлять вебхук этому агенту при каждой новой заявке',
    '우리 앱 서버에서 이 에이전트로 웹훅을 보낼 거예요. 그러면 HubSpot에 등록해 주세요',
    // ... or this agent called, or a webhook that brings something in.
    '注文システムが完了したらこのエージェントを呼び出します。内容をSlackに投稿して',
    '我们的后端会把数据 POST 给这个 agent，请写进 HubSpot',
    'CIがWebhookでカバレッジの結果を送ってきます。Backlogに課題を作って',
    // ... or something sent to this agent or its address.
    'Наша касса в конце каждой смены шлёт JSON на адрес агента. Посчитай выручку',
    'Pipeline CI kami akan mengirim hasil coverage ke URL agen ini. Tolong cek test-nya',
    'Restoranımızın kasa sistemi her sabah menüyü webhook ile gönderiyor; Instagram hikâyesi yaz',
  ])('%s', (prompt) => {
    expect(triggerOf(prompt)).toEqual({ type: 'webhook' });
  });

  it.each([
    'Every 5 minutes ping our three status endpoints over HTTP and e-mail ops@acme.io after 3 failures',
    'Each Friday, summarise the Stripe payouts and POST them as JSON to https://erp.example.com/api/payouts',
    'post the weekly summary to the webhook URL https://hooks.example.com/x every Monday',
    'Every morning the agent should post the numbers to the webhook URL I give it',
  ])('the agent calling out is no webhook trigger: %s', (prompt) => {
    expect(triggerOf(prompt)).toMatchObject({ type: 'schedule' });
  });

  it.each([
    'Every time we cut a release on GitHub, write a changelog post on dev.to and a short Bluesky post linking to it.',
    'when a new review is posted on our Google Business page, reply to it within the hour',
  ])('"to it" said of a thing or after what is done to one is no call: %s', (prompt) => {
    expect(triggerOf(prompt)).toMatchObject({ type: 'event' });
  });

  it('needs no webhook integration to be called by one, only to send to one', () => {
    const ids = (prompt: string) =>
      compileEmbedded({ prompt, now: NOW }).integrations.map((i) => i.id);
    expect(
      ids(
        'Our mobile app will send a webhook whenever a user taps Report a problem. Open a Freshdesk ticket',
      ),
    ).not.toContain('webhook');
    expect(
      ids(
        'When our shop backend posts an order to this agent, send it on to our warehouse webhook at https://wh.example.com/in',
      ),
    ).toContain('webhook');
  });

  it('tells an incoming webhook from an outgoing one', () => {
    const spec = compileEmbedded({
      prompt: 'Every hour, poll the orders API and push new orders to our Zapier webhook',
      now: NOW,
    });
    expect(spec.trigger).toMatchObject({ type: 'schedule', cron: '0 * * * *' });
    expect(spec.integrations.map((i) => i.id)).toContain('webhook');
  });
});

describe('a day naming the work asked for', () => {
  it('runs a digest asked for on a day, on that day', () => {
    expect(
      triggerOf('Could you send a Monday digest of our Mixpanel activation funnel to #growth?'),
    ).toMatchObject({ type: 'schedule', cron: '0 9 * * 1' });
    // ... but a day that names a thing already there is talked of.
    expect(triggerOf('the Friday report is late, tell me why in Slack')).toEqual({
      type: 'manual',
    });
  });
});

describe('manual triggers and priorities', () => {
  it.each([
    'Draft a reply to the angriest open Zendesk ticket',
    'Run when I ask: summarise the open Intercom conversations',
    'Convert the CSV I paste into JSON',
    'Remember my favourite restaurants when I tell you about them',
    // A question inside the request, a period in the past, a one-off.
    'go through all open pull requests in our GitHub and check if they follow the checklist in Notion',
    'Email every customer who cancelled their Stripe subscription in the last 30 days a 20% code',
    'Go through every Phabricator diff that landed in March and list the unreviewed ones',
    'Pull every Freshdesk ticket our restaurants got between Dec 20 and Jan 3 about late deliveries',
    'review a PR when I give you the link: summarise the change and list the risks',
    // ... in the languages people mix in too ("quand je lui donne un lien").
    "quand je lui donne un lien: read the article and add a summary to my Notion base 'Veille'",
    // ("here's": the user hands the thing over.)
    "here's a merge request on our self-hosted gitlab, explain what it changes to our PM",
    'when i name a node, cordon and drain it on our Rancher cluster',
    'when i call it with a branch name, diff it against main in our GitHub repo',
    "I'll hand it a Close.com lead URL. Enrich the lead with Clearbit and assign it to Jordan",
    'We rotate prod secrets every night. This one runs only when I start it: rotate the staging password',
    'There’s already a weekly digest emailed to us every Monday. Summarise this quarter’s incidents',
    'Put together this week’s weekly from our Looker dashboards and email it to the execs, just this once',
    // The user starting it or handing it its input, whatever happens in the sentence.
    "I'll run this whenever a big customer complains: pull their Zendesk history and brief me",
    'I will start it after each board meeting: turn the notes in Notion into tasks in Asana',
    "I'll give you a domain. Look the company up on Crunchbase and draft a first email",
    'Check the GitLab merge request I paste for missing tests and new dependencies',
    'paste a github PR link -> summarise the diff and list the risky files',
    'when I ping you with an order number, look it up in Shopify and draft the reply',
    'run this when a customer complains about speed: check Vercel and Cloudflare for errors',
    'when i upload the expense csv tell me the total per category',
    'Run on demand: count the open Zendesk tickets per agent and chart them',
    // Said up front, or as the button the user presses.
    'On request: search CourtListener for recent opinions citing a case I name',
    "on click: this wk's chorus calls for Alex → coaching notes on objection handling",
    'rotate staging db creds on demand: generate a new password in Vault and redeploy on Render',
    'after an incident is closed I press a button, it pulls the incident timeline from PagerDuty',
    // The agent, said before the user runs it.
    'Could you make me an agent I can run when a customer complains about us on Twitter? Find their order in WooCommerce',
  ])('%s runs on demand', (prompt) => {
    expect(triggerOf(prompt)).toEqual({ type: 'manual' });
  });

  it('keeps a schedule when an "if" condition follows it', () => {
    expect(
      triggerOf(
        'Every 15 minutes check our Sentry errors and post to Slack if a new issue appears',
      ),
    ).toMatchObject({
      type: 'schedule',
      cron: '*/15 * * * *',
    });
  });

  it('checks hourly what it watches when nothing announces new items, and says so', () => {
    const spec = compileEmbedded({
      prompt: 'Watch our RSS feed and post each new article to LinkedIn and X',
      now: NOW,
    });
    expect(spec.trigger).toMatchObject({ type: 'schedule', cron: '0 * * * *', text: 'every hour' });
    expect(spec.assumptions).toContain(
      'Nothing announces new items here, so the agent checks every hour',
    );
  });
});

describe('the kind of trigger, learned', () => {
  const kindOf = (prompt: string) => {
    const text = normalize(prompt);
    return readTriggerType(text, analyse(text));
  };

  it.each([
    ['Every Friday at 4pm send the weekly numbers to #team', 'schedule'],
    ['When a new ticket arrives in Help Scout, tag it by topic', 'event'],
    ['Summarise this PDF for me', 'manual'],
    ['When our CI calls this agent, post the build time in #builds', 'webhook'],
  ] as const)('%s: %s', (prompt, label) => {
    expect(kindOf(prompt).label).toBe(label);
  });

  const manual: TriggerReading = { type: 'manual', schedule: null, event: null, assumptions: [] };
  const event = {
    integration: 'zendesk',
    event: 'ticket.created',
    index: 0,
    strong: true,
    clause: 'when a ticket arrives',
  };
  const schedule = { cron: '0 9 * * 1', text: 'every Monday at 9:00', assumptions: [], index: 0 };

  it('overrules the rules only when sure, and only with the details its kind needs', () => {
    const sure = (label: 'event' | 'schedule' | 'webhook' | 'manual') => ({
      label,
      probability: 0.97,
    });
    expect(settleKind(manual, sure('event'), { event, schedule: null })).toMatchObject({
      type: 'event',
      event,
    });
    expect(settleKind(manual, sure('event'), { event: null, schedule })).toBe(manual);
    expect(settleKind(manual, sure('schedule'), { event: null, schedule })).toMatchObject({
      type: 'schedule',
      schedule,
    });
    expect(settleKind(manual, sure('webhook'), { event: null, schedule: null }).type).toBe(
      'webhook',
    );
    expect(
      settleKind(manual, { label: 'event', probability: 0.6 }, { event, schedule: null }),
    ).toBe(manual);
    const scheduled: TriggerReading = { type: 'schedule', schedule, event: null, assumptions: [] };
    expect(settleKind(scheduled, sure('manual'), { event: null, schedule }).type).toBe('manual');
  });

  it('lets a model that leans to a run by hand overrule an event read with no word that says when', () => {
    const leans = { label: 'manual' as const, probability: 0.6 };
    const doubtful = { ...event, clause: 'every contact tagged open house' };
    const ruled = (e: typeof event): TriggerReading => ({
      type: 'event',
      schedule: null,
      event: e,
      assumptions: [],
    });
    expect(settleKind(ruled(doubtful), leans, { event: doubtful, schedule: null }).type).toBe(
      'manual',
    );
    // A clause that says when stands; so does a doubtful one the model does not lean against.
    expect(settleKind(ruled(event), leans, { event, schedule: null }).type).toBe('event');
    expect(
      settleKind(
        ruled(doubtful),
        { label: 'manual', probability: 0.4 },
        { event: doubtful, schedule: null },
      ).type,
    ).toBe('event');
  });

  it('starts on the source’s declared event where the model is sure of one and the rules read none', () => {
    for (const [prompt, integration, event] of [
      [
        'Tickets in our Zendesk that are written in German should be translated to English and added as an internal note, as soon as they are created.',
        'zendesk',
        'ticket.created',
      ],
      [
        'twitch: when I go live, post the stream title + link in our Discord and on Bluesky',
        'twitch',
        'stream.online',
      ],
    ] as const) {
      expect(compileEmbedded({ prompt, timezone: 'UTC' }).trigger, prompt).toMatchObject({
        type: 'event',
        integration,
        event,
      });
    }
    // Not where the model is unsure, nor on a service named only as where results go.
    expect(
      compileEmbedded({
        prompt: 'purge the cloudflare cache for ourhotel.com, then confirm in slack',
        timezone: 'UTC',
      }).trigger.type,
    ).toBe('manual');
  });

  it.each([
    'Go through the open punch list items in Fieldwire for the Maple St project, group them by subcontractor and email each sub their list.',
    'Look at our last 200 Gorgias tickets and tell me the top 5 reasons customers contact us, with an example for each.',
    'Run Semgrep over our main GitHub repo, go through the findings, drop the false positives and write up the real ones with suggested fixes.',
  ])('reads a request to do something once as a run by hand: %s', (prompt) => {
    const spec = compileEmbedded({ prompt, timezone: 'UTC' });
    expect(spec.trigger.type).toBe('manual');
  });
});

import { PROMPT_MAX_LENGTH } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../builtins/index.ts';
import { INTEGRATIONS, BUILTIN_SERVER_IDS, type BuiltinServerId } from '../catalog/index.ts';
import { CORPUS, LANDING_PROMPTS } from './corpus.ts';
import { compileEmbedded } from './embedded.ts';
import { compileOffline } from './index.ts';
import { validateSpec } from './validate.ts';
import { unavailableHelp } from './writing.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const compile = (prompt: string, timezone?: string) =>
  compileEmbedded({ prompt, timezone, now: NOW });
const [support, bug, revenue, rss] = LANDING_PROMPTS as [string, string, string, string];

describe('embedded compiler: the landing page prompts', () => {
  it('writes the Zendesk digest as a real agent', () => {
    const spec = compile(support, 'Europe/Berlin');
    expect(spec).toMatchObject({
      name: 'Weekday Zendesk ticket digest to Slack',
      category: 'Customer Support',
      trigger: {
        type: 'schedule',
        cron: '0 9 * * 1-5',
        timezone: 'Europe/Berlin',
        text: 'every weekday at 9:00',
      },
    });
    // The summary is the description's own sentence, never a rewrite that could lose part of it.
    expect(spec.summary).toBe(`${support}.`);
    expect(spec.integrations).toEqual([
      { id: 'zendesk', why: 'summarise new Zendesk tickets', config: ['ZENDESK_SUBDOMAIN'] },
      {
        id: 'slack',
        why: 'post the summary to our #support channel in Slack',
        config: ['SLACK_MCP_XOXB_TOKEN'],
      },
    ]);
    expect(spec.steps).toEqual([
      { text: 'Summarise new Zendesk tickets', tools: [] },
      {
        text: 'Post the summary to our #support channel in Slack',
        tools: ['slack.conversations_add_message'],
      },
    ]);
    expect(spec.guardrails).toContain('Never post more than one message per run');
    expect(spec.guardrails).toContain(
      'Do not reply to customers; leave notes and drafts for the support team',
    );
    expect(spec.assumptions).toContain('Time zone taken as Europe/Berlin from your settings');
    expect(spec.unresolved).not.toContain('Which Slack channel should it post to?');
  });

  it('writes instructions from the description: role, task, plan, tools, output and rules', () => {
    const spec = compile(support, 'Europe/Berlin');
    expect(spec.instructions).toContain(
      'You are "Weekday Zendesk ticket digest to Slack", an automation agent.',
    );
    expect(spec.instructions).toContain('You run every weekday at 9:00 (time zone Europe/Berlin).');
    expect(spec.instructions).toContain(`"${support}"`);
    expect(spec.instructions).toContain(
      '2. Post the summary to our #support channel in Slack (tools: slack.conversations_add_message)',
    );
    expect(spec.instructions).toContain(
      '- Slack (slack): post the summary to our #support channel in Slack',
    );
    expect(spec.instructions).toMatch(/Output: Post one concise message/);
    expect(spec.instructions).toContain('- Never post more than one message per run');
  });

  it('turns the bug-label prompt into an event agent that asks what it cannot know', () => {
    const spec = compile(bug);
    expect(spec.trigger).toEqual({
      type: 'event',
      integration: 'github',
      event: 'issues.labeled',
      delivery: { type: 'webhook' },
    });
    expect(spec.name).toBe('GitHub issues to Linear');
    expect(spec.category).toBe('DevOps Automation');
    expect(spec.unresolved).toEqual([
      'Which e-mail address reaches the on-call engineer?',
      'Which GitHub repository (owner/name)?',
      'Which Linear team should new issues go to?',
    ]);
    expect(spec.steps.map((step) => step.tools)).toEqual([[], [], ['email.send_email']]);
  });

  it('sends the revenue report only to the address it was given', () => {
    const spec = compile(revenue);
    expect(spec.name).toBe('Weekly Stripe revenue report by e-mail');
    expect(spec.integrations.map((i) => i.id)).toEqual(['stripe', 'email']);
    expect(spec.guardrails).toContain(
      'Send e-mail only to the addresses in the description; ask before writing to anyone else',
    );
    expect(spec.guardrails).toContain(
      'Read payment data only: never create charges, refunds or subscription changes',
    );
    expect(spec.assumptions).toContain('No time of day given: runs at 9:00');
    expect(spec.assumptions).toContain('No time zone given: the schedule runs in UTC');
  });

  it('asks for the feed of the RSS agent', () => {
    const spec = compile(rss);
    expect(spec.name).toBe('RSS articles to LinkedIn and X');
    expect(spec.unresolved).toEqual(["What is the feed's URL?"]);
    expect(spec.steps[0]).toEqual({ text: 'Watch our RSS feed', tools: ['rss.read_feed'] });
  });
});

describe('embedded compiler: specs', () => {
  it('is deterministic', () => {
    for (const item of CORPUS.slice(0, 40)) {
      expect(compile(item.prompt, 'Europe/Paris')).toEqual(compile(item.prompt, 'Europe/Paris'));
    }
  });

  it('names only tools the catalog knows, as the built-in servers define them', () => {
    const known = new Set(
      INTEGRATIONS.flatMap((i) => i.tools.map((tool) => `${i.id}.${tool.name}`)),
    );
    for (const id of BUILTIN_SERVER_IDS) {
      const served = BUILTIN_TOOLS[id as BuiltinServerId]
        .map((tool) => `${id}.${tool.name}`)
        .sort();
      const listed = [...known].filter((name) => name.startsWith(`${id}.`)).sort();
      expect(listed, id).toEqual(served);
    }
    for (const item of CORPUS) {
      for (const step of compile(item.prompt).steps) {
        for (const tool of step.tools) expect(known, item.prompt).toContain(tool);
      }
    }
  });

  it('asks which channel when none is named, and keeps the description’s own rules', () => {
    const spec = compile(
      'When a Sentry alert fires, post it to Slack. Do not tag anyone. Never post at night.',
    );
    expect(spec.unresolved).toContain('Which Slack channel should it post to?');
    expect(spec.guardrails.slice(0, 2)).toEqual(['Do not tag anyone', 'Never post at night']);
  });

  it('files descriptions that fit no card under Other, with no integrations when none is needed', () => {
    const spec = compile('Explain how a fair refund policy for a small online shop could work');
    expect(spec).toMatchObject({
      category: 'Other',
      trigger: { type: 'manual' },
      integrations: [],
    });
    expect(spec.steps).toEqual([
      { text: 'Explain how a fair refund policy for a small online shop could work', tools: [] },
    ]);
  });

  it('ignores a product named only to be excluded', () => {
    const spec = compile(
      'Every Friday, post the week’s GitHub releases to Discord instead of Slack',
    );
    expect(spec.integrations.map((i) => i.id)).toEqual(['github', 'discord']);
  });

  it('summarises in the description’s own words: every action kept, no greeting, no request', () => {
    expect(
      compile(
        "Every Monday morning, total last week's Shopify orders by country and post the table to #sales",
      ).summary,
    ).toBe(
      "Every Monday morning, total last week's Shopify orders by country and post the table to #sales.",
    );
    expect(
      compile('Hi! Could you please email me the weather for Lisbon every morning at 7?').summary,
    ).toBe('Email me the weather for Lisbon every morning at 7.');
    const long = compile(
      "We're a four-person agency and mornings are chaos. Every weekday at 8, read our Gmail inbox and list the client e-mails that need an answer today. Post the list to #inbox in Slack. Thanks a lot!",
    ).summary;
    expect(long).toBe(
      'Every weekday at 8, read our Gmail inbox and list the client e-mails that need an answer today. Post the list to #inbox in Slack.',
    );
  });

  it('stays valid for odd input: very short, very long, other languages, symbols', () => {
    const long = `Every weekday at 9am, summarise new Zendesk tickets. ${'Keep it short and kind. '.repeat(200)}`;
    for (const prompt of [
      'x',
      '???',
      'Résumé quotidien des tickets Zendesk à 9h, envoyé sur Slack',
      '🚀 ship it',
      long.slice(0, PROMPT_MAX_LENGTH),
    ]) {
      const spec = compile(prompt);
      expect(validateSpec(spec), prompt.slice(0, 40)).toEqual([]);
    }
  });

  it('reads the names of Object’s own members as any other word', () => {
    // (Each is a key that a plain object answers with something of its own.)
    const members = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
    const shape = (outcome: ReturnType<typeof compileOffline>) =>
      'question' in outcome
        ? 'question'
        : {
            trigger: outcome.trigger,
            integrations: outcome.integrations.map((i) => i.id).sort(),
            category: outcome.category,
          };
    for (const template of [
      'When a new {w} arrives in Gmail, post it to #ops in Slack',
      'Every {w} at 9am, summarise new Jira issues and email them to ada@example.com',
      'Whenever someone {w}s a card in Trello, tell the team on Discord',
      'Email me the {w} report on the {w} of each month',
      'If a {w} is {w} in HubSpot, add a row to Google Sheets',
      'Every day at 9 {w} time, post the weather in Berlin to #team',
      '{w}',
    ]) {
      const plain = shape(
        compileOffline({ prompt: template.replaceAll('{w}', 'zorblax'), now: NOW }),
      );
      for (const member of members) {
        const prompt = template.replaceAll('{w}', member);
        const outcome = compileOffline({ prompt, now: NOW });
        expect(JSON.parse(JSON.stringify(outcome)), prompt).toEqual(outcome);
        if (!('question' in outcome)) expect(validateSpec(outcome), prompt).toEqual([]);
        expect(shape(outcome), prompt).toEqual(plain);
      }
    }
  });
});

describe('embedded compiler: what it says of services it lacks', () => {
  it('says "a" or "an" as the name is said', () => {
    expect(unavailableHelp('AnyList')).toContain('Search the registry for an AnyList MCP server');
    expect(unavailableHelp('Chartmetric')).toContain('for a Chartmetric MCP server');
    expect(unavailableHelp('Unity')).toContain('for a Unity MCP server');
  });
});

describe('embedded compiler: services as people write them', () => {
  const ids = (prompt: string) => {
    const spec = compile(prompt, 'Europe/Berlin');
    return {
      integrations: spec.integrations.map((i) => i.id),
      unavailable: (spec.unavailable ?? []).map((u) => u.name),
      trigger: spec.trigger,
    };
  };

  it('adds the built-ins a description needs without naming them', () => {
    const has = (prompt: string, id: string) => ids(prompt).integrations.includes(id);
    // A channel of the team's with no tool named; an e-mail to the accountant.
    expect(has('score the CV and post the score in the hiring channel', 'slack')).toBe(true);
    expect(has('every friday, share the wins in the sales channel on Discord', 'slack')).toBe(
      false,
    );
    expect(has('send our accountant a report of all Brex card spend that month', 'email')).toBe(
      true,
    );
    expect(has('new etsy order → send the buyer a thank you message on etsy', 'email')).toBe(false);
    // What was seen on an earlier run.
    expect(has("search PubMed every Monday, skip anything I've already been sent", 'memory')).toBe(
      true,
    );
    expect(
      has('when an Airbyte sync finishes, compare the row counts with the previous sync', 'memory'),
    ).toBe(true);
    expect(
      has('weekly GA4 traffic report compared to last week, as a Slack message', 'memory'),
    ).toBe(false);
    // A search and a page said in few words.
    expect(
      has('new deal in pipedrive -> google the company, add its size as a note', 'brave-search'),
    ).toBe(true);
    expect(
      has(
        "each morning search what's trending in plant-based cooking, 3 post ideas",
        'brave-search',
      ),
    ).toBe(true);
    expect(
      has('customer sent me this link, open it and tell me what the error says', 'web-page'),
    ).toBe(true);
    // An address things are sent to is a webhook, not a page to read; an API's or a feed's
    // address is neither.
    const posted = ids(
      'when a Datadog monitor alerts, reshape the JSON and POST it to https://hooks.internal.example/alerts',
    ).integrations;
    expect(posted).toContain('webhook');
    expect(posted).not.toContain('web-page');
    const rates = ids(
      'log each paddle transaction in USD, rates from https://open.er-api.com/v6/latest/USD',
    ).integrations;
    expect(rates).toContain('http-request');
    expect(rates).not.toContain('web-page');
    expect(
      has('every morning write a digest from the feed https://techcrunch.com/feed/', 'web-page'),
    ).toBe(false);
    expect(has('read https://acme.com/pricing and send me the plans', 'web-page')).toBe(true);
    // What only the agent can keep between runs; not a total a source already holds.
    expect(has('each new glitchtip error: check if we already saw it before', 'memory')).toBe(true);
    expect(
      has(
        'check our g2 page every day, email me if there are new reviews since yesterday',
        'memory',
      ),
    ).toBe(true);
    expect(has("each paid shopify order: add it to today's running total in #wins", 'memory')).toBe(
      true,
    );
    expect(
      has("every hour post today's running total of signups from Postgres to #launch", 'memory'),
    ).toBe(false);
    // The hour where people are.
    expect(has('whats the time rn in SF, London and Bangalore', 'clock')).toBe(true);
    expect(has('tell me who of my team is awake now, they are in Manila and Lagos', 'clock')).toBe(
      true,
    );
    // A sheet with no product named is a Google Sheet; a balance sheet is not.
    expect(
      has("every friday append a row to the KPI sheet with the week's signups", 'google-sheets'),
    ).toBe(true);
    expect(
      has('summarise the balance sheet from Xero every month and email it to me', 'google-sheets'),
    ).toBe(false);
    // A message sent by e-mail, said as a thing.
    expect(has('each quarter send our top 20 customers a personal thank you email', 'email')).toBe(
      true,
    );
    expect(has("Monday mornings: last week's sales from Stripe. Email please.", 'email')).toBe(
      true,
    );
    expect(has('new message in the support@ inbox in Front -> tag it', 'email')).toBe(false);
    expect(has('draft a personal follow-up email for each lead in HubSpot', 'email')).toBe(false);
    // A page read, or an address without its scheme.
    expect(has('check they match our refund policy at acme.com/refunds', 'web-page')).toBe(true);
    expect(has('every 10 min check status.ourwms.com and post incidents to #ops', 'web-page')).toBe(
      true,
    );
    expect(
      has('every 15 min hit api.example.de/health and page on-call in PagerDuty', 'web-page'),
    ).toBe(false);
    expect(has('top 10 landing pages by clicks from Search Console last month', 'web-page')).toBe(
      false,
    );
    expect(
      has('When I paste a listing link, read the page and write me a short message', 'web-page'),
    ).toBe(true);
    expect(
      has("I'll give you a PR link on GitHub - review it and list the risks", 'web-page'),
    ).toBe(false);
    // What an agent must remember between runs.
    expect(
      has(
        'every 5 minutes hit https://api.example.com/health and if it fails twice in a row, open an Opsgenie alert',
        'memory',
      ),
    ).toBe(true);
    expect(
      has(
        "every 4 hours check my Feedly board for anything new and don't repeat stories",
        'memory',
      ),
    ).toBe(true);
    // Code with no host named is on GitHub; a scanner's repositories or a local one are not.
    expect(
      has("weekly, compare our repos' Python dependencies with PyPI and open an issue", 'github'),
    ).toBe(true);
    expect(
      has('every Monday list the open dependabot PRs and post a summary to #eng', 'github'),
    ).toBe(true);
    expect(
      has(
        'twice a day, check Snyk for new critical vulns in our repos and post them in #security',
        'github',
      ),
    ).toBe(false);
    expect(has('new MR in our GitLab repo -> review the diff', 'github')).toBe(false);
    expect(
      has(
        'daily at 7am check PACER for new docket entries and email the team only the entries that are new',
        'memory',
      ),
    ).toBe(true);
    expect(
      has('keep an eye on status.openai.com and post in #ai only when it changes', 'memory'),
    ).toBe(true);
    expect(
      has(
        'plan a 3-day team offsite in Lisbon for 12 people and put the options in a Notion page',
        'brave-search',
      ),
    ).toBe(true);
    expect(
      has(
        'daily 7:15 search for the news about the wine industry and email me 5 headlines',
        'brave-search',
      ),
    ).toBe(true);
    // Words every product of a kind uses are no product's own.
    expect(
      ids('Monthly: MRR and churn from ChartMogul into a Google Slides deck').integrations,
    ).not.toContain('stripe');
    expect(
      ids('answer new Intercom conversations from our help center articles').integrations,
    ).not.toContain('zendesk');
    // Research with no source named; none when the source is named.
    expect(
      has(
        'whenever a deal is created in HubSpot, look the company up online and add a note',
        'brave-search',
      ),
    ).toBe(true);
    expect(
      has('find me 3 papers on microplastics on PubMed and add them to Zotero', 'brave-search'),
    ).toBe(false);
  });

  it('reads a typo of a product named where products stand, but not another brand', () => {
    expect(ids('put the appointment on my google calender').integrations).toContain(
      'google-calendar',
    );
    expect(ids('make a ticket in linaer for the backend team').integrations).toContain('linear');
    const linearB = ids("pull last week's DORA metrics from LinearB and post them to #eng");
    expect(linearB.unavailable).toContain('LinearB');
    expect(linearB.integrations).not.toContain('linear');
    // A capital says the name is meant as written: Klara is not Klarna, Paycor not Paycom.
    expect(ids('reply to new patient messages in Klara').unavailable).toEqual(['Klara']);
    expect(ids('create the employee in Paycor').unavailable).toEqual(['Paycor']);
    // A letter left out of a longer name, in five letters too.
    expect(ids("Trelo card moved to 'Done' → publish the draft on Medium").integrations).toContain(
      'trello',
    );
    expect(ids('When a ticket in Zamad gets a reply, tell me').unavailable).toEqual(['Zammad']);
    // A slip of a name is still the name, however the message goes ("verify with ZeroBounce"
    // does not make ZeroBounce send for it).
    expect(
      ids('clean up our Mailchip audience and verify the addresses with ZeroBounce').integrations,
    ).toContain('mailchimp');
  });

  it('takes the product a kind of thing is kept in over the one assumed for it', () => {
    const forgejo = ids('go over the open PRs in our forgejo and tell me which can be merged');
    expect(forgejo.integrations).not.toContain('github');
    expect(forgejo.unavailable).toEqual(['Forgejo']);
    expect(
      ids('drop the stack trace into the #incidents channel in Rocket.Chat').integrations,
    ).not.toContain('slack');
    // (Not a product named further on, for another step.)
    expect(
      ids('post in #status and create an incident on our Instatus page').integrations,
    ).toContain('slack');
    expect(ids('review the open PRs in our repo').integrations).toContain('github');
  });

  it('leaves out a product the description says not to use, wherever it names it', () => {
    expect(
      ids('vercel deploy fails, email the guy who pushed. NOT slack, nobody reads slack here')
        .integrations,
    ).not.toContain('slack');
    expect(
      ids('forgejo PR opened, review & comment. dont use any github stuff').integrations,
    ).not.toContain('github');
    // Teams in lower case where messages go.
    expect(
      ids('bitbucket PR created → post a summary to our teams channel').integrations,
    ).toContain('microsoft-teams');
    expect(
      ids('run the nightly DAG in airflow, msg me on teams if a task fails').integrations,
    ).toContain('microsoft-teams');
    expect(
      ids('ask the teams of each region for their numbers by email').integrations,
    ).not.toContain('microsoft-teams');
  });

  it("reads a product's name owning what follows", () => {
    expect(ids("stripe's payouts recap every monday, email it to me").integrations).toContain(
      'stripe',
    );
    expect(ids("send me Stripe's payouts for the week").integrations).toContain('stripe');
  });

  it('lists a product by the shape of its name and by what it says it will do', () => {
    // A number inside or after a word that is no platform: a brand's ("Restaurant365").
    expect(ids("pull yesterday's sales from Restaurant365 into the sheet").unavailable).toEqual([
      'Restaurant365',
    ]);
    expect(ids('Translate our course in TalentLMS into Spanish').unavailable).toEqual([
      'TalentLMS',
    ]);
    expect(
      ids("Mergify will call this agent's URL when a PR enters the queue").unavailable,
    ).toEqual(['Mergify']);
    expect(
      ids('Zapier will send new product rows to this agent. Write 5 bullets').unavailable,
    ).toEqual(['Zapier']);
    expect(ids("mondays 10am: export last week's zenduty incidents to #sre").unavailable).toEqual([
      'zenduty',
    ]);
    expect(
      ids('redeploy the api service on northflank with the last green build').unavailable,
    ).toEqual(['northflank']);
    expect(ids('asdfgh qwrtzp on sdfghjkl with it').unavailable).toEqual([]);
    expect(ids('our Zorbo CMS will call you with an article id').unavailable).toEqual([
      'Zorbo CMS',
    ]);
    // A word English knows, opening the sentence, saying it will call an address.
    expect(
      ids('Namely will POST /new-hire to you, then create the checklist in Asana'),
    ).toMatchObject({ unavailable: ['Namely'], trigger: { type: 'webhook' } });
    expect(ids('Customers will post questions to the agent').unavailable).toEqual([]);
    // ... where it runs may stand between, and the verb may be said of it now; a person's
    // name doing the same is a person.
    expect(
      ids('Dokku on our VPS will call this agent after each deploy. Check the /healthz page')
        .unavailable,
    ).toEqual(['Dokku']);
    expect(
      ids('Supermetrics pushes a JSON export to this agent every night. Summarise it per client')
        .unavailable,
    ).toEqual(['Supermetrics']);
    expect(ids('Priya sends a list to this agent every week').unavailable).toEqual([]);
    expect(ids('Sarah will send the agent a list every week').unavailable).toEqual([]);
    // ... next in a list of where things are kept, or news of a voicemail.
    expect(ids('pull the hours per designer from Wrike and Forecast').unavailable).toEqual([
      'Wrike',
      'Forecast',
    ]);
    expect(
      ids('sort the PDFs into Invoices, Papers and Manuals subfolders').unavailable,
    ).not.toContain('Papers');
    expect(ids('New Grasshopper voicemail → create a ticket in HubSpot').unavailable).toEqual([
      'Grasshopper',
    ]);
    // A name of two words, the first a people's word's shape; and a name after an article,
    // which no person takes.
    expect(ids('pull the missing abstracts from Semantic Scholar into Notion').unavailable).toEqual(
      ['Semantic Scholar'],
    );
    expect(ids('translate the post into Spanish and save it in Notion').unavailable).toEqual([]);
    expect(ids('send them a Checkr background check invite').unavailable).toEqual(['Checkr']);
    // In lower case: news of a thing, a caller, where things are put.
    expect(ids('new chatwoot conversation -> tag it billing / bug / other').unavailable).toEqual([
      'chatwoot',
    ]);
    expect(ids('odoo will call this agent with every confirmed order json').unavailable).toEqual([
      'odoo',
    ]);
    expect(ids('backend will POST daily numbers json to agent, save a csv').unavailable).toEqual(
      [],
    );
    // ... and where things are put, even a name made of two English words.
    for (const [prompt, name] of [
      ['every monzo transaction → categorize and add to toshl', 'toshl'],
      ['each new glitchtip error: open an opsgenie alert for me', 'glitchtip'],
      ['zoom recording completed → compute the talk ratio and log to seatable', 'seatable'],
    ])
      expect(ids(prompt!).unavailable, prompt).toContain(name);
    // Capitals and digits as brands write them.
    expect(ids('hourly, check Cin7 stock for bestsellers').unavailable).toEqual(['Cin7']);
    expect(ids('twice a day check 17TRACK for every open shipment').unavailable).toEqual([
      '17TRACK',
    ]);
    expect(ids('check CPU on our 3 OVHcloud boxes').unavailable).toEqual(['OVHcloud']);
    expect(ids('every morning ask the Room4 guests about breakfast').unavailable).toEqual([]);
    // A label inside a product is not one; the product's own workspace is.
    expect(ids('post it in the General channel on Teams').unavailable).toEqual([]);
    expect(
      ids('When a new asset is uploaded to our Air workspace, write alt text').unavailable,
    ).toEqual(['Air']);
    // People and English words are not products.
    expect(ids('Sarah will send you a list every Monday').unavailable).toEqual([]);
    expect(ids('I give you the dates, tell me what clothes to bring').unavailable).toEqual([]);
    expect(ids('read the Hacker News front page and email me the top 5').unavailable).not.toContain(
      'Front',
    );
  });

  it('reads a capital no dictionary knows inside a sentence as a product, unless a person or a place', () => {
    expect(ids('pull the Zentrik spend for last week and post it to #growth').unavailable).toEqual([
      'Zentrik',
    ]);
    // The subject of a sentence, saying what it holds.
    expect(
      ids('Veltrio has our price list; answer the questions customers send in Intercom')
        .unavailable,
    ).toEqual(['Veltrio']);
    // ... whose thing it is, heading a request's verb, or named with the kind of tool it is.
    expect(ids("Zentrik's invoice paid event → thank the customer by email").unavailable).toEqual([
      'Zentrik',
    ]);
    expect(ids('Run Veltrio on the repo and explain what it finds').unavailable).toEqual([
      'Veltrio',
    ]);
    expect(ids('Grazo herd report — every Monday email me the totals').unavailable).toEqual([
      'Grazo',
    ]);
    expect(
      ids('The Grazo Herd software will send you a webhook after milking; text me on Telegram')
        .unavailable,
    ).toContain('Grazo Herd');
    // A first name the lists know, a city, a title's words, a word and a number.
    expect(ids('ask Giulia for the figures and put them in a sheet').unavailable).toEqual([]);
    // ... nor one the lists lack, reached, or next in a list of people.
    expect(ids('remind Ngozi about the standup in Slack').unavailable).toEqual([]);
    expect(ids('every Friday email the totals to Giulia and Thandiwe').unavailable).toEqual([]);
    expect(ids('Giulia has the figures; put them in a sheet').unavailable).toEqual([]);
    expect(ids('compare the Eindhoven numbers with last week in a sheet').unavailable).toEqual([]);
    expect(ids('check the Weekly Zentrik Report and email me').unavailable).toEqual([]);
    expect(ids('ask the Room12 guests about breakfast by email').unavailable).toEqual([]);
  });

  it('reads German nouns as nouns, a product joined to one by a hyphen, and Slavic case endings', () => {
    const german = ids(
      'Wenn eine neue Bestellung in unserem Shopify-Shop eingeht, schreib eine kurze Zusammenfassung mit dem Lieferdatum und schick sie als Nachricht an den Kanal #lager in Slack.',
    );
    expect(german.integrations).toEqual(expect.arrayContaining(['shopify', 'slack']));
    expect(german.unavailable).toEqual([]);
    // (An everyday word that is a product's name, with its capital, heading a German compound.)
    expect(
      ids('Wenn eine Mail im Outlook-Postfach ankommt, fasse sie zusammen').integrations,
    ).toContain('outlook');
    expect(ids('check the Outlook-style summary of the week').integrations).not.toContain(
      'outlook',
    );
    // (Turkish writes its case endings after an apostrophe: "Jira'daki", "Slack'e".)
    const turkish = ids("Her sabah saat 8'de Jira'daki açık hataları özetle ve Slack'e gönder");
    expect(turkish.integrations).toEqual(expect.arrayContaining(['jira', 'slack']));
    expect(turkish.trigger).toMatchObject({ type: 'schedule', cron: '0 8 * * *' });
    const polish = ids('Co piątek o 16:00 wyślij podsumowanie zadań z Asany na Slacku');
    expect(polish.integrations).toEqual(expect.arrayContaining(['asana', 'slack']));
    expect(polish.unavailable).toEqual([]);
  });

  it('takes no word of English for a product, though the language model lacks it', () => {
    // Words of the spelling dictionaries that the model's vocabulary does not have.
    expect(
      ids(
        'Our webinar runs every Thursday on Zoom. Whenever the recording is ready, write the captions',
      ).unavailable,
    ).not.toContain('webinar');
    expect(
      ids(
        'every week put the rota for the night shift in our Google Sheet and text it to each nurse',
      ).unavailable,
    ).toEqual([]);
    expect(ids('recompute the totals in our Airtable base and email me').unavailable).toEqual([]);
    // A product's name is still one, a run along the keyboard still typed at random.
    expect(ids('pull the Zentrik spend for last week').unavailable).toEqual(['Zentrik']);
    expect(compileOffline({ prompt: 'qwerty test 123', now: NOW })).toHaveProperty('question');
  });

  it('summarises Japanese and Chinese with their own full stops, and no space between sentences', () => {
    const summary = (prompt: string) => compileEmbedded({ prompt, now: NOW }).summary;
    expect(
      summary('Shopifyで新しい注文が入ったら、Slackに通知してください。返信文の下書きも添えて'),
    ).toBe('Shopifyで新しい注文が入ったら、Slackに通知してください。返信文の下書きも添えて。');
    expect(summary('Gitee 上有新的 Pull Request 时，帮我 review 代码？')).toBe(
      'Gitee 上有新的 Pull Request 时，帮我 review 代码。',
    );
  });

  it('builds a description in another language from the schedule or services read in it', () => {
    const italian = compileOffline({
      prompt:
        'Il primo giorno di ogni mese alle 8, prendi da Fatture in Cloud il fatturato del mese precedente e mandami un riepilogo via email',
      now: NOW,
    });
    expect(italian).not.toHaveProperty('question');
    expect(italian).toMatchObject({ trigger: { type: 'schedule', cron: '0 8 1 * *' } });
    // ... and one in another script that asks for work, naming no product in Latin letters.
    expect(
      compileOffline({
        prompt: '帮我把这篇英文博客翻译成中文，加上5个话题标签，然后发布到我们的账号。',
        now: NOW,
      }),
    ).not.toHaveProperty('question');
    // ... but not a short plea in it, nor one that nothing can be read from.
    expect(compileOffline({ prompt: 'per favore aiutami subito', now: NOW })).toHaveProperty(
      'question',
    );
    expect(
      compileOffline({ prompt: '¿puedes hacer algo con mis datos?', now: NOW }),
    ).toHaveProperty('question');
    expect(compileOffline({ prompt: '帮帮我', now: NOW })).toHaveProperty('question');
  });

  it('names an agent by its work, not by how the request was put', () => {
    expect(compile('could you please check if our status page says anything is down?').name).toBe(
      'Check if our status page says anything is down',
    );
    expect(compile('Kindly send the payroll summary to finance every Friday').name).toBe(
      'Send the payroll summary to finance',
    );
  });

  it('names an agent in another language by its work, not by what the schedule left of it', () => {
    for (const [prompt, name] of [
      [
        '매주 목요일 오전 9시에 Jira 이슈를 요약해서 Slack에 올려 주세요',
        'Jira 이슈를 요약해서 Slack에 올려 주세요',
      ],
      ['毎週火曜日の朝8時に、Notionのタスクをまとめて', 'Notionのタスクをまとめて'],
      ['每天早上8点，把Stripe的付款汇总发到Slack', '把Stripe的付款汇总发到Slack'],
      ['كل يوم اثنين الساعة 9 صباحاً، لخص طلبات Shopify', 'لخص طلبات Shopify'],
    ]) {
      const spec = compile(prompt!);
      expect(spec.trigger.type, prompt).toBe('schedule');
      expect(spec.name, prompt).toBe(name);
    }
  });

  it('reads a name the description introduces as a tool, whatever English makes of it', () => {
    expect(
      ids('Plain (the support tool): when a new thread comes in, look up their plan in Stripe')
        .unavailable,
    ).toEqual(['Plain']);
    expect(ids('We use a tool called fizzbox for rotas. Email me the rota').unavailable).toEqual([
      'fizzbox',
    ]);
    // A name with accents keeps them, and its events an id of plain letters.
    const accented = compileOffline({
      prompt:
        'We use a tool called Bókun for tours. When a booking is cancelled there, refund it in Stripe',
      now: NOW,
    });
    expect(accented).toMatchObject({
      unavailable: [{ name: 'Bókun' }],
      trigger: { type: 'event', integration: 'bokun', event: 'booking.cancelled' },
    });
    // Not a place glossed, nor a kind named by its product.
    expect(ids('Berlin (our main store) numbers every Monday in a sheet').unavailable).toEqual([]);
    expect(
      ids('add a note on the customer record in the CRM (Zoho CRM)').unavailable,
    ).not.toContain('CRM');
  });

  it('reads a name the catalog knows and a name it does not, together, as another product', () => {
    expect(
      ids('review each new pull request in AWS CodeCatalyst and comment on risky lines'),
    ).toMatchObject({ integrations: [], unavailable: ['AWS CodeCatalyst'] });
    // Not the product's own things, short words or abbreviations.
    expect(ids('post the Shopify B2B orders to #sales').integrations).toContain('shopify');
    expect(ids('add the SharePoint Ops folder links to Notion').unavailable).not.toContain(
      'SharePoint Ops',
    );
  });

  it('reads an uncommon word heading the description before a colon as the product it is about', () => {
    expect(
      ids('Compass: every school day at 3:30pm email the parents of students marked absent')
        .unavailable,
    ).toEqual(['Compass']);
    expect(
      ids('Woodpecker: as soon as a prospect replies to the cold campaign, ping me on Slack')
        .unavailable,
    ).toEqual(['Woodpecker']);
    // Not a heading of the text's own parts: a common word, a verb's noun, a plural.
    for (const head of ['Context', 'Goal', 'Escalation', 'Onboarding', 'Recipients']) {
      expect(
        ids(`${head}: every Friday list the open deals from HubSpot in a Google Doc`).unavailable,
        head,
      ).toEqual([]);
    }
  });

  it('reads a product said to be the kind of tool the user has, or written as its handle', () => {
    expect(
      ids('front is our shared inbox. when a message comes in about a refund, tag it refund')
        .unavailable,
    ).toEqual(['Front']);
    expect(ids('Close is our CRM. Each new lead, enrich it').unavailable).toEqual(['Close']);
    expect(
      ids('Monday is our busiest day, so every Monday at 8 post the bookings').unavailable,
    ).toEqual([]);
    expect(
      ids('new convo on @intercom from an enterprise customer → post it in #vip').integrations,
    ).toContain('intercom');
    expect(ids('email @close the report every friday').unavailable).toEqual([]);
  });

  it('reads a product named by an everyday word where things are filed or posted', () => {
    expect(
      ids(
        'every Friday find the PRs that dropped coverage in codecov and open a follow-up in linear for each',
      ).integrations,
    ).toContain('linear');
    expect(
      ids('every morning check the google alerts rss and draft a reply on x for anything positive')
        .integrations,
    ).toContain('x');
    expect(
      ids('the report should show growth in linear terms, every Monday in Slack').integrations,
    ).not.toContain('linear');
    // A word of a product's name asks for nothing of its own: "Remember The Milk" is no memory.
    expect(
      ids(
        'When a new task is created for me in Zoho Projects, copy it into my Remember The Milk inbox',
      ).integrations,
    ).not.toContain('memory');
    // ... or by what it makes: "a zoom link", "a zoom bridge".
    expect(
      ids('when someone books a demo in calendly, send them a zoom link').unavailable,
    ).toContain('Zoom');
    // (Not a part of a notation: "file:line links".)
    expect(
      ids('Read the repo on GitHub and list the riskiest spots with file:line links').integrations,
    ).not.toContain('line');
  });

  it('reads where things are posted in the words of other languages', () => {
    expect(
      ids('Wenn ein neuer Artikel auf Ghost veröffentlicht wird: einen Thread für X daraus machen')
        .integrations,
    ).toContain('x');
  });

  it('takes no everyday word, nor a shorter word of another language, for a product', () => {
    expect(ids('Wie viele Bestellungen hatten wir letzte Woche in Shopware?').unavailable).toEqual([
      'Shopware',
    ]);
    for (const prompt of [
      'Hey team! Every Friday summarise the open PRs in GitHub',
      'write 5 ad variations for our spring sale and schedule them in Buffer',
      'pin them to the Spring board on Pinterest',
      'every morning send me a note with the top 3 tickets from Zendesk',
      'in twenty minutes remind me to call the client',
      'our Harbor St location gets Google reviews, reply to each new one',
    ]) {
      expect(ids(prompt).unavailable, prompt).not.toContainEqual(
        expect.stringMatching(/^(?:HEY|Spring|note|Twenty|Harbor)$/),
      );
    }
    expect(
      ids('someone buys a hoodie from my Spring store → thank them on X').unavailable,
    ).toContain('Spring');
    expect(
      ids('I keep the school mails in my HEY inbox, summarise new ones daily').unavailable,
    ).toContain('HEY');
  });

  it('reads a name joined to what it holds by a hyphen, or with a mark inside it', () => {
    expect(
      ids('Jeden Tag um 7 Uhr die offenen Zammad-Tickets sortieren und in #support posten.')
        .unavailable,
    ).toEqual(['Zammad']);
    expect(ids('neue HubSpot-Kontakte jeden Montag in eine Liste').integrations).toContain(
      'hubspot',
    );
    expect(ids("summarise the Re:amaze conversations tagged 'pricing'").unavailable).toEqual([
      'Re:amaze',
    ]);
    expect(
      ids('go through app.hubspot.com/contacts and tag the stale ones every Monday').integrations,
    ).toContain('hubspot');
    // Not a product's status or documentation pages, a key, nor a repository named after one.
    expect(
      ids('every 15 min check status.stripe.com and post changes in #payments').integrations,
    ).not.toContain('stripe');
    expect(
      ids('comment on Linear issue LIN-204 with the diff explained').integrations,
    ).not.toContain('line');
    expect(ids('new PR on the netsuite-scripts repo in gh: review it').unavailable).not.toContain(
      'NetSuite',
    );
  });

  it('reads Latin capitals amid another script as names, and builds on them', () => {
    // The analyser keeps the name and the script around it as one word.
    expect(ids('每当Teambition里有新任务时，在群里通知我').unavailable).toEqual(['Teambition']);
    expect(ids('새 문의가 들어오면(Help Hub) 담당자에게 배정해 주세요').unavailable).toEqual([
      'Help Hub',
    ]);
    // ... and a Latin word written against that script, however much of the text is Latin; not
    // a figure's letters ("RevPAR").
    const against = 'YouCanBookMeで新しい予約が入ったら、Google Calendarにイベントを作って。';
    expect(ids(against).unavailable).toEqual(['YouCanBookMe']);
    expect(ids('Chartmetricで新しいリスナー数を調べて、Google Sheetsに書いて').unavailable).toEqual(
      ['Chartmetric'],
    );
    expect(
      ids('毎週日曜の夜、Cloudbedsから稼働率・ADR・RevPARをまとめて').unavailable,
    ).not.toContain('RevPAR');
    // ... nor the weekday the text's own was read into, which stays its schedule.
    const friday = compileOffline({
      prompt:
        '毎週金曜日の17時に、今週のfreeeの売上と経費をまとめて、Chatworkのグループに投稿してください。',
      now: NOW,
    });
    expect('trigger' in friday && friday.trigger).toMatchObject({
      type: 'schedule',
      cron: '0 17 * * 5',
    });
    expect('unavailable' in friday && friday.unavailable?.map((u) => u.name)).toEqual(['freee']);
    // A short plea in another script is still asked about, with or without a name.
    const asked = (prompt: string) => 'question' in compileOffline({ prompt, now: NOW });
    expect(asked('每当Teambition里有新任务时，在群里通知我')).toBe(false);
    expect(asked('도와주세요 도와주세요')).toBe(true);
    expect(asked('Teambition 도와주세요')).toBe(true);
    // A time read in another script is a job to build on; an empty plea in it is not.
    expect(asked('매일 오후 3시에 우리 브랜드 관련 뉴스를 찾아서 문구 3개 만들어 줘')).toBe(false);
    expect(asked('Найди мне недорогие билеты Москва - Казань на выходные')).toBe(false);
    expect(asked('сделай чтобы всё работало')).toBe(true);
    // Another language in Latin letters with a verb of work read from it is built on.
    expect(
      asked('Bisa nggak dibikinin agen yang kalau saya kasih nomor resi, dia cek status kiriman'),
    ).toBe(false);
    expect(asked('Maak iets handigs voor ons team.')).toBe(true);
    // Something happening in a service the text names is a job, whatever the verb after it.
    expect(asked('Each new signup in Memberstack should get a welcome email')).toBe(false);
    // A product named only as what the agent should be like is no service it works with.
    expect(asked('Build me something like Zapier but smarter')).toBe(true);
    expect(asked('I want a bot like Intercom Fin that answers our Zendesk tickets')).toBe(false);
  });

  it('knows the brands English also has words for, where the brand writes them', () => {
    // A capital inside a sentence, on a name of the list of brands.
    expect(
      ids('check every Perforce changelist submitted today for files over 50 MB').unavailable,
    ).toEqual(['Perforce']);
    expect(ids('post the changes from Buildkite and the FOSSA scan to #eng').unavailable).toContain(
      'Fossa',
    );
    // A name of two words that says it will call the agent, at the head of the sentence.
    expect(
      ids('Oh Dear will call this agent when a certificate is about to expire; open a Jira ticket'),
    ).toMatchObject({ unavailable: ['Oh Dear'], trigger: { type: 'webhook' } });
    // A list of the product's, named in quotes after it.
    expect(ids("add every new Shopify customer to our Drip list 'Customers'").unavailable).toEqual([
      'Drip',
    ]);
    // Not a person, a label in quotes, a title's words, a word opening a sentence, a format.
    expect(ids('email the notes to Hugo every Friday').unavailable).toEqual([]);
    expect(ids("save the summary under 'Graphite Notes' in Notion").unavailable).toEqual([]);
    expect(ids('Weekly Graphite Report: post the totals to #ops').unavailable).toEqual([]);
    expect(ids('Render the invoice as PDF and email it').unavailable).toEqual([]);
    expect(ids('convert the csv into json and save it to Dropbox').unavailable).not.toContain(
      'JSON',
    );
    // Nor jargon the dictionary lacks that the list has as a brand.
    expect(
      ids('when someone comments on a PR, explain the codebase to them in the thread').unavailable,
    ).toEqual([]);
  });

  it('does not take words of code for products', () => {
    for (const prompt of [
      'write the migration guide from Python3 to the new API and post it in Confluence',
      'review the PR that upgrades us to Node22 on GitHub',
      'on every new pull request in GitHub, look at Dockerfile changes and comment',
      'check the k8s cluster for pods in CrashLoopBackOff and alert #sre',
      'when an entry of content type `blogPost` is published in Contentful, write a summary',
      'when a PR is merged on GitHub, check that the CHANGELOG was touched',
    ])
      expect(ids(prompt).unavailable, prompt).toEqual([]);
  });

  it('reads the abbreviations teams write for their tools, and a domain that reports', () => {
    expect(ids('HS: new contact from the signup form -> enrich it').trigger).toMatchObject({
      type: 'event',
      integration: 'hubspot',
      event: 'contact.created',
    });
    expect(
      ids("When a ZD ticket gets rated 'bad' by the customer, reopen it").integrations,
    ).toEqual(['zendesk']);
    expect(ids('my HS diploma scan is in Dropbox, rename it').integrations).not.toContain(
      'hubspot',
    );
    const highlight = ids(
      'when highlight.io catches a new error on the checkout page, create a task',
    );
    expect(highlight.unavailable).toEqual(['highlight.io']);
    expect(highlight.trigger).toMatchObject({ type: 'event', event: 'error.created' });
  });

  it('reads a product at the head of a line and a board called by its name', () => {
    expect(ids("square - each night at 11pm total up the day's sales").integrations).toContain(
      'square',
    );
    expect(ids('linear - every friday 3pm summarise what shipped').integrations).toContain(
      'linear',
    );
    expect(
      ids("monday board 'Client Requests' - every time a new item is created, assign it").trigger,
    ).toMatchObject({ type: 'event', integration: 'monday', event: 'item.created' });
    expect(ids("Monday board meeting 'Q3 plan' prep: summarise the notes").integrations).toEqual(
      [],
    );
  });

  it('reads when as people write it', () => {
    // ... but a post from a blog is an article, and a POST the agent sends goes out.
    expect(ids('Post from our blog → share it on LinkedIn').trigger.type).not.toBe('webhook');
    expect(ids('every day send a POST to https://x.io/ping').trigger.type).toBe('schedule');
    // Days and hours written fast.
    expect(ids('weekly thu 10am write the newsletter').trigger).toMatchObject({
      cron: '0 10 * * 4',
    });
    expect(ids('mon wed fri 11am post a dev tip on bluesky').trigger).toMatchObject({
      cron: '0 11 * * 1,3,5',
    });
    expect(ids('every morning 8 email me the open tickets').trigger).toMatchObject({
      cron: '0 8 * * *',
    });
    expect(ids('every morning 5 new leads from hubspot to #sales').trigger).toMatchObject({
      cron: '0 9 * * *',
    });
    // Something else sends the agent a webhook.
    for (const prompt of [
      'warehouse sensor sends webhook every reading, alert me if it is too warm',
      'when i send it a webhook w/ a product name, write 5 ad headlines',
      'when my phone shortcut hits the webhook, text my partner that I am on my way',
      'When our Rails app sends a POST with a failed job, open a task in Asana',
      'our Laravel app webhooks a new signup to you; add them to Copper',
      'POST from our Shopify app with a product id → write an SEO title',
      "Our deploy script will call you when it's done. Check the /version endpoint",
      "We'll call this from Shopify Flow with the order id. Put risky orders on hold",
      'Our booking engine (custom built) sends a webhook on every cancelled stay: refund it',
    ])
      expect(ids(prompt).trigger, prompt).toEqual({ type: 'webhook' });
    expect(ids('On PR open in GH: review the diff and comment').trigger).toMatchObject({
      type: 'event',
      integration: 'github',
      event: 'pull_request.opened',
    });
    expect(
      ids('every day at 7 of the morning check the weather and email me').trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 7 * * *' });
    // The happening the verb names, among the service's own events.
    expect(
      ids('whenever a new candidate applies to a role in greenhouse, summarise their github')
        .trigger,
    ).toMatchObject({ integration: 'greenhouse', event: 'application.created' });
    expect(
      ids('when a candidate is hired in greenhouse, create their profile in bamboohr').trigger,
    ).toMatchObject({ integration: 'greenhouse', event: 'candidate.hired' });
    expect(
      ids('whenever a deal in hubspot goes to closed won, create a project in asana').trigger,
    ).toMatchObject({ integration: 'hubspot', event: 'deal.stage_changed' });
    expect(ids('Datadog monitor goes into alert → post to #oncall').trigger).toMatchObject({
      integration: 'datadog',
      event: 'monitor.alert',
    });
    expect(
      ids('For every paid shopify order over $500, add the customer to Klaviyo').trigger,
    ).toMatchObject({ type: 'event', integration: 'shopify' });
    // A condition on what is handled is no background that already runs.
    expect(
      ids("Every morning at 7, create a ticket for each device that doesn't already have one.")
        .trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 7 * * *' });
    expect(
      ids('We already get a digest every Monday. Each weekday at 5pm, email me the open tickets')
        .trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 17 * * 1-5' });
    expect(
      ids('when someone acks a PD incident, start a timeline doc in google docs').trigger,
    ).toMatchObject({ integration: 'pagerduty', event: 'incident.acknowledged' });
    expect(ids('every paid order in shopify -> thank the buyer by email').trigger).toMatchObject({
      integration: 'shopify',
      event: 'orders.paid',
    });
    // A recurrence written out stands, however much the rest reads like a question.
    expect(
      ids('read all the PRs once a week and tell me which ones are safe to merge').trigger,
    ).toMatchObject({ type: 'schedule', cron: '0 9 * * 1' });
  });
});

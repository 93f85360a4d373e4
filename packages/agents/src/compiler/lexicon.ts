import { lookupTable } from '@spoke/shared';
import { INTEGRATIONS } from '../catalog/index.ts';
import { editDistance, phrase, type Phrase } from './text.ts';

// Which words name an integration. Built from the catalog (name, id, aliases, keywords) so a new
// integration is recognised without code; the tables below only remove words that are too generic
// to name one product ("ticket", "dashboard", "report") and spell out the few names that are also
// everyday words ("X", "Linear", "Teams", "Square").

/** Words that describe work, not a product: they point at an integration only through intents. */
const GENERIC = new Set(
  `table dataset task project to-do todo pull request repository repo code review web search
  pipeline workflow wiki documentation page logs dashboard email e-mail mail inbox report file files
  folder scrape commit issue meeting document rows crm lead ticket story epic sprint backlog
  deployment bug database sql query automation invoice payment order refund research channel
  team chat workspace chat post a message thread dm teams microsoft graph office chat community chat
  forum post bot label draft unread email mailbox transactional email newsletter broadcast email api
  mr branch diff changelog chrome console errors network library docs api reference code examples
  sdk docs error exception crash stack trace incident on-call on call escalation outage monitor
  metrics traces alert rule panel workers dns cdn r2 kv d1 waf build logs deploy site static site
  add-on ci build failure flaky tests container image container logs restart pod cluster namespace
  deployment feature flag toggle rollout flag customer support conversation customer message fin
  contact deal company sales opportunity account apex store product inventory ecommerce e-commerce
  professional network social tweet tweets timeline mentions blog post publish post cms design
  mockup frame prototype ui design design file traffic page views visitors sessions seo mrr
  helpdesk
  search queries rankings impressions clicks product analytics funnel retention events
  feature flags bi question business intelligence notes knowledge base docs cycle space runbook
  assignee due date workload board card list checklist reminder personal tasks monday item
  work management status column iteration drive slides calendar event availability invite
  spreadsheet sheet sheets cells append a row database row cache key-value keys ttl edge function
  migration base record grid index search query dataset cloud sql entities relations
  facts long-term memory news search look up google it extract page search api answer with sources
  deep research sonar crawl website crawl sitemap extract data actor scraper crawler web automation
  browser click fill form screenshot directory read file write file disk plan reasoning break down
  problem solving address nearby distance route maps nodes http api rest request endpoint fetch json
  call an api http request api call website url article read page page text web page webpage
  new articles new posts feed blog feed send an email notify by email callback notify url post json
  zapier hook make hook web hook time date today timezone schedule cron next run scheduler time zone
  clock state last seen already posted keep track remember json csv transform convert
  spreadsheet export filter data select aggregate stats sql query agent table e-mail webhook
  callback charge subscription revenue customer catalog merchant payout dispute pos collection
  aggregation atlas clarity linear square shortcut brave`
    .split(/\s+/)
    .filter(Boolean),
);

// The list above is split into single words; these are the generic terms of several words.
const GENERIC_PHRASES = new Set([
  'help center',
  'help desk',
  'support ticket',
  'pull request',
  'code review',
  'web search',
  'team chat',
  'workspace chat',
  'post a message',
  'microsoft graph',
  'office chat',
  'community chat',
  'forum post',
  'unread email',
  'transactional email',
  'email api',
  'console errors',
  'library docs',
  'api reference',
  'code examples',
  'sdk docs',
  'stack trace',
  'on call',
  'alert rule',
  'build logs',
  'deploy site',
  'static site',
  'build failure',
  'flaky tests',
  'container logs',
  'feature flag',
  'feature flags',
  'customer support',
  'customer message',
  'professional network',
  'blog post',
  'publish post',
  'ui design',
  'design file',
  'page views',
  'search queries',
  'product analytics',
  'business intelligence',
  'knowledge base',
  'due date',
  'personal tasks',
  'work management',
  'status column',
  'append a row',
  'edge function',
  'search query',
  'google cloud sql',
  'long-term memory',
  'news search',
  'look up',
  'google it',
  'extract page',
  'search api',
  'answer with sources',
  'deep research',
  'website crawl',
  'extract data',
  'web automation',
  'fill form',
  'read file',
  'write file',
  'break down',
  'problem solving',
  'fetch json',
  'call an api',
  'http request',
  'api call',
  'read page',
  'page text',
  'web page',
  'new articles',
  'new posts',
  'blog feed',
  'send an email',
  'notify by email',
  'notify url',
  'post json',
  'zapier hook',
  'make hook',
  'web hook',
  'next run',
  'time zone',
  'last seen',
  'already posted',
  'keep track',
  'spreadsheet export',
  'filter data',
  'sql query',
  'agent table',
  'rest api',
  'google docs',
  'drive folder',
  'monday board',
  'think step by step',
  'teams chat',
  'teams channel',
  'api call',
  'point of sale',
  'search the web',
  'linked in',
]);

/** Per-integration corrections: words to add, and names only trusted in a given spelling. */
const OVERRIDES: Readonly<Record<string, { add?: readonly string[]; exact?: readonly RegExp[] }>> =
  lookupTable({
    x: {
      add: ['twitter', 'x.com'],
      exact: [
        /(?:\b(?:on|to|and|in|for|an?|the|via|our|my|your|their|search|check)\s+|,\s*|'s\s+)X(?![\w.@'-])/g,
        // "an x thread", "our x account": in lower case only before the product's own things.
        /(?<![\w.-])x(?= (?:thread|post|account|handle|profile)s?\b)/g,
        // "post the link on x and on mastodon": in lower case after "on" in a list of places to
        // post.
        /(?<=\b(?:post|share|publish|tweet|reply|replies|draft)\b[^.!?]{0,60}\bon\s+)x(?=\s+(?:and|or|for|too|as)\b|\s*[,.;!?)]|\s*$)/g,
        // "a short X thread": in capitals before them, whatever comes before.
        /(?<![\w.-])X(?= (?:thread|post|tweet|account|handle|profile|feed)s?\b)/g,
      ],
    },
    'microsoft-teams': {
      add: ['microsoft teams', 'ms teams'],
      exact: [
        /\bTeams\b/g,
        // "post it to the #code-review channel in teams", "a DM on teams": in lower case where
        // messages go.
        /(?<=\b(?:channel|chat|dm|message|messages|post|ping|notify|alert|tell)\b[^.!?]{0,30}\b(?:in|on|via|over|through|to)\s+(?:ms\s+)?)teams(?=\s*[,.;!?)]|\s+(?:and|or|channel|chat|with|so|for|too|as)\b|\s*$)/g,
        // "send it to my manager in teams chat": bare, with no article, before its own chat or
        // channel ("in the teams chat" may be the team's).
        /(?<=\b(?:in|on|via|over|through|into)\s+)teams(?=\s+(?:chat|channel)\b)/g,
        // "post to our teams channel", "msg me on teams if it fails": after whose it is, or
        // where a message goes.
        /(?<=\b(?:in|on|to|into)\s+(?:our|my)\s+)teams(?=\s+(?:chat|channel)s?\b)/g,
        /(?<=\b(?:msg|message|dm|ping|text)\s+(?:me|us|them)\s+(?:on|in|via)\s+)teams\b(?!\s+(?:of|that|who)\b)/g,
      ],
    },
    linear: {
      add: ['linear.app', 'linear app'],
      exact: [
        /\bLinear\b/g,
        /\blinear(?= (?:ticket|issue|project|cycle|board|bug|task)s?\b)/g,
        // "linear - every friday ...", "linear: new issue ->": at the head of a line, what follows
        // is about it.
        /(?<=^|\n)linear(?=\s*(?::|-|\u2013|\u2014|->|\u2192)\s)/g,
        // "open a follow-up in linear for each": where things are filed, ending its phrase.
        /(?<=\b(?:open|create|file|add|log|put|raise|make)\b[^.!?]{0,40}\b(?:in|into)\s+(?:our\s+)?)linear(?=\s*[,.;!?)]|\s*$|\s+(?:for|and|with|as|so|when|if|too)\b)/g,
      ],
    },
    square: {
      add: ['squareup', 'square pos'],
      exact: [
        /\bSquare\b/g,
        // "goes through on square,", "last week's square sales": in lower case where payments are.
        /(?<=\b(?:on|via|through|from|in)\s+)square(?=\s*[,.;!?]|\s+(?:pos|sales|payments?|orders?|dashboard|account|terminal)\b)/g,
        /(?<='s\s+)square(?=\s+(?:sales|payments?|orders?|transactions?)\b)/g,
        // "square - each night ...": at the head of a line, what follows is about it.
        /(?<=^|\n)square(?=\s*(?::|-|\u2013|\u2014|->|\u2192)\s)/g,
      ],
    },
    shortcut: { add: ['shortcut.com'], exact: [/\bShortcut\b/g] },
    // Abbreviations teams write for the tools they live in, in capitals only: "new PR in ADO",
    // "QB payment received", "when PD fires" (not "the PD" of a police department).
    'azure-devops': { exact: [/\bADO\b/g] },
    quickbooks: { exact: [/\bQBO?\b/g] },
    // ("a ZD ticket", "HS: new contact": before the product's own things or heading a line.)
    zendesk: { exact: [/\bZD\b(?=\s*(?::|tickets?\b|macros?\b|views?\b|queue\b|agents?\b))/g] },
    hubspot: {
      exact: [
        /\bHS\b(?=\s*(?::|contacts?\b|deals?\b|lists?\b|workflows?\b|forms?\b|sequences?\b|companies\b|pipeline\b))/g,
      ],
    },
    pagerduty: {
      exact: [
        /\bPD\b(?=\s+(?:fires|alerts?|incidents?|pages?|triggers|escalat\w*|on-?call|schedules?)\b)/g,
      ],
    },
    'brave-search': { add: ['brave search'], exact: [/\bBrave\b/g] },
    'microsoft-clarity': { add: ['microsoft clarity', 'ms clarity'], exact: [/\bClarity\b/g] },
    monday: {
      add: ['monday.com'],
      // "an item in monday for the account manager": where things are kept, not a day ("on
      // Monday", "from Monday to Friday", "in Monday's meeting").
      exact: [
        /\b(?:in|into|inside|via|using)\s+(?:our\s+|my\s+|the\s+)?[Mm]onday(?=\s+(?:for|and|or|boards?|items?|workspaces?|accounts?)\b|\s*[,.;:!?)]|\s*$)/g,
        // "items on a monday board", "our Monday board": before its own things, after an article
        // or "our" (not "the Monday board meeting").
        /(?<=\b(?:a|our|the|my|their)\s+)[Mm]onday(?=\s+(?:boards?\b(?!\s+meetings?\b)|items?\b|workspaces?\b))/g,
        // "monday board 'Client Requests'": a board called by its name.
        /\b[Mm]onday(?=\s+board\s+['"\u2018\u201c])/g,
      ],
    },
    // Names that are everyday words met far more often as the word ("hey,", "our spring sale",
    // "a note", "in twenty minutes"): by where the product's things are.
    hey: {
      exact: [
        /\bHEY\b(?=\s+(?:account|inbox|imbox|e-?mail|mail)\b)/g,
        /(?<=\b(?:my|our|in|from|to)\s+)hey(?=\s+(?:account|inbox|imbox)\b)/gi,
      ],
    },
    spring: {
      exact: [
        /(?<=\b(?:on|from|via)\s+(?:our\s+|my\s+)?)Spring\b(?!\s+[A-Z])/g,
        /\bSpring(?=\s+(?:store|shop|storefront|merch)\b)/gi,
      ],
    },
    twenty: { exact: [/(?<=\b(?:in|into|to|from)\s+(?:our\s+)?)Twenty\b(?!\s+[A-Z0-9])/g] },
    'google-sheets': { add: ['google sheet', 'google sheets', 'gsheets', 'google spreadsheet'] },
    'google-drive': {
      add: ['google drive', 'gdrive'],
      // "file it in our Drive", "the same Drive folder": inside a sentence, after a word in lower
      // case, the capital says which drive.
      exact: [
        /(?<=\b[a-z]+\s+)Drive\b(?!\s+(?:time|thru|through|way))/g,
        // "the pdfs in drive folder 'Scans'", "into our drive folder": where files are kept, in
        // lower case, with no article or with "our" or "my" ("the drive folder" may be a disk's).
        /(?<=\b(?:in|into|from|to)\s+(?:our\s+|my\s+)?)drive(?=\s+folders?\b)/g,
      ],
    },
    'google-calendar': { add: ['google calendar', 'gcal'] },
    mysql: { add: ['mariadb'] },
    'web-page': { add: ['web page', 'webpage'] },
    memory: { add: ['agent memory'] },
  });

/** Integrations whose names in the catalog are generic words; they are reached by intents only. */
const NAME_IS_GENERIC = new Set([
  'x',
  'microsoft-teams',
  'linear',
  'square',
  'shortcut',
  'brave-search',
  'microsoft-clarity',
  'monday',
  'email',
  'webhook',
  'clock',
  'transform',
  'sql',
  'http-request',
  'filesystem',
  'sequential-thinking',
  'memory',
  'google-sheets',
  'google-drive',
  'google-calendar',
  'web-page',
  // ("remind me", "from scratch", "later today", "from day one": the word nearly every time.)
  'remind',
  'scratch',
  'later',
  'socket',
  'day-one',
  'census',
  'motion',
  'pitch',
  'mention',
  'rows',
  'tailwind',
  'homerun',
  'hive',
  'folk',
  'guru',
  'hey',
  'spring',
  'note',
  'twenty',
  'harbor',
  // People's first names: "email Percy the notes".
  'percy',
  'lucca',
  'angi',
]);

export type Lexeme = { id: string; phrase: Phrase };
export type ExactName = { id: string; pattern: RegExp };

/** Which integrations list each keyword or alias, as written in the catalog. */
const LISTED_BY = new Map<string, Set<string>>();
for (const entry of INTEGRATIONS) {
  for (const term of [...entry.keywords, ...entry.aliases]) {
    LISTED_BY.set(term, (LISTED_BY.get(term) ?? new Set()).add(entry.id));
  }
}

function termsOf(id: string): string[] {
  const integration = INTEGRATIONS.find((entry) => entry.id === id)!;
  const generic = (term: string) => GENERIC.has(term) || GENERIC_PHRASES.has(term);
  const elsewhere = (term: string) =>
    [...(LISTED_BY.get(term.toLowerCase()) ?? [])].some((other) => other !== id);
  const names = NAME_IS_GENERIC.has(id) ? [] : [integration.name, id.replace(/-/g, ' ')];
  // A product's own names count even when another product lists them as a keyword
  // ("postgres" for Supabase); a keyword counts only when it is this product's alone.
  const words = [
    ...[...names, ...integration.aliases].filter((term) => !generic(term.toLowerCase())),
    ...integration.keywords.filter((term) => !generic(term) && !elsewhere(term)),
  ].map((term) => term.toLowerCase());
  return [...new Set([...words, ...(OVERRIDES[id]?.add ?? [])])];
}

/** Every recognised name of every integration, compiled once. */
export const LEXEMES: readonly Lexeme[] = INTEGRATIONS.flatMap((integration) =>
  termsOf(integration.id).map((term) => ({ id: integration.id, phrase: phrase(term, true) })),
);

export const EXACT_NAMES: readonly ExactName[] = Object.entries(OVERRIDES).flatMap(([id, o]) =>
  (o.exact ?? []).map((pattern) => ({ id, pattern })),
);

/** A product's one-word name or alias, five letters or more: what a typo is checked against. */
export type OneWordName = { id: string; word: string; alias: boolean; generic: boolean };

export const ONE_WORD_NAMES: readonly OneWordName[] = INTEGRATIONS.flatMap((integration) =>
  [integration.name, ...integration.aliases].map((name, k) => ({
    id: integration.id,
    word: name.toLowerCase(),
    alias: k > 0,
    generic: NAME_IS_GENERIC.has(integration.id),
  })),
).filter(({ word }) => /^[a-z]{5,}$/.test(word));

/**
 * The one slip of typing that turns a product's name into what was written, if there is one: a
 * letter left out ("githb"), two letters swapped ("linaer"), one changed ("hubspog") or one added
 * ("zendeskk"). The first letter is kept, as it is in nearly every typo.
 */
export function slipFrom(
  name: string,
  written: string,
): 'left out' | 'swapped' | 'changed' | 'added' | null {
  if (name[0] !== written[0] || editDistance(name, written, 1) !== 1) return null;
  if (written.length < name.length) return 'left out';
  if (written.length > name.length) return 'added';
  return [...written].filter((c, k) => c !== name[k]).length === 2 ? 'swapped' : 'changed';
}

/** Everyday words one typo away from a product name. */
export const NOT_TYPOS = new Set([
  'strip',
  'strips',
  'strive',
  'nation',
  'motion',
  'option',
  'notice',
  'liner',
  'discard',
  'discords',
  'sender',
  'senate',
]);

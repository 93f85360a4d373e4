import { lookupTable } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { PlannedStep } from './plan.ts';
import { capitalize, clip, listing } from './text.ts';
import type { TriggerReading } from './trigger.ts';

// A short name for the agent, built like "Weekday Zendesk ticket digest to Slack": how often, from
// where, about what, what it makes, and where it goes.

/** Things agents work on, singular and plural, in the order they are looked for. */
const OBJECTS: readonly [RegExp, string, string][] = [
  [/\bpull requests?\b/i, 'pull request', 'pull requests'],
  [/\bmerge requests?\b/i, 'merge request', 'merge requests'],
  [/\btickets?\b/i, 'ticket', 'tickets'],
  [/\bissues?\b/i, 'issue', 'issues'],
  [/\b(?:errors?|crash(?:es)?|exceptions?)\b/i, 'error', 'errors'],
  [/\bincidents?\b/i, 'incident', 'incidents'],
  [/\balerts?\b/i, 'alert', 'alerts'],
  [/\bdeploy(?:ment)?s?\b/i, 'deployment', 'deployments'],
  [/\b(?:ci builds?|builds? (?:fails?|failures?|logs?|times?)|pipelines?)\b/i, 'build', 'builds'],
  [/\bleads?\b/i, 'lead', 'leads'],
  [/\bdeals?\b/i, 'deal', 'deals'],
  [/\bopportunit(?:y|ies)\b/i, 'opportunity', 'opportunities'],
  [/\borders?\b/i, 'order', 'orders'],
  [/\b(?:revenue|mrr)\b/i, 'revenue', 'revenue'],
  [/\b(?:payments?|charges?|invoices?|payouts?)\b/i, 'payment', 'payments'],
  [/\bsubscriptions?\b/i, 'subscription', 'subscriptions'],
  [/\b(?:articles?|blog posts?|stories)\b/i, 'article', 'articles'],
  [/\bepisodes?\b/i, 'episode', 'episodes'],
  [/\breleases?\b/i, 'release', 'releases'],
  [/\bcommits?\b/i, 'commit', 'commits'],
  [/\b(?:conversations?|chats?)\b/i, 'conversation', 'conversations'],
  [/\b(?:traffic|page views|visitors)\b/i, 'traffic', 'traffic'],
  [/\b(?:kpis?|metrics|numbers|figures|stats)\b/i, 'metrics', 'metrics'],
  [/\b(?:pods?|containers?)\b/i, 'container', 'containers'],
  [/\blogs?\b/i, 'log', 'logs'],
  [/\bcontacts?\b/i, 'contact', 'contacts'],
  [/\btasks?\b/i, 'task', 'tasks'],
  [/\bfeedback\b/i, 'feedback', 'feedback'],
  [/\bnewsletters?\b/i, 'newsletter', 'newsletters'],
  [
    /\breviews?\b(?!\s+(?:the|this|these|my|our|each|every|all|any|pull|merge|code|it|them)\b)/i,
    'review',
    'reviews',
  ],
  [/\b(?:form )?(?:responses?|submissions?)\b/i, 'response', 'responses'],
  [/\bbookings?\b/i, 'booking', 'bookings'],
  [/\b(?:linkedin|social|x) posts?\b/i, 'post', 'posts'],
];

/** What the agent makes, by the verbs of its plan; `to` names read "<source> <things> to <dest>". */
const OUTPUTS: readonly [RegExp, string | 'to'][] = [
  [/\b(?:summari[sz]e|recap|digest|compile)\b/i, 'digest'],
  [/\breports?\b/i, 'report'],
  [/\breview\b/i, 'review'],
  [/\b(?:triage|classify|tag|label|score)\b/i, 'triage'],
  [/\btranslat\w*\b/i, 'translator'],
  [/\bremind\b/i, 'reminder'],
  [/\bback ?up\b/i, 'backup'],
  [/^(?:create|open|add|log|sync|forward|copy|append|update)\b/im, 'to'],
  [/\b(?:notify|alert|ping|warn|page|text|sms)\b/i, 'alerts'],
  [/^(?:post|share|publish|tweet|announce|send|email)\b/im, 'to'],
  [/\b(?:draft|write|reply|answer)\b/i, 'writer'],
  [/\b(?:check|monitor|watch|poll|keep track)\b/i, 'monitor'],
];

function cadence(reading: TriggerReading): string {
  const cron = reading.schedule?.cron;
  if (!cron) return '';
  const [minute, hour, dom, month, dow] = cron.split(' ');
  if (minute?.includes('/') || minute === '*') return '';
  if (hour === '*') return 'Hourly';
  if (month !== '*') return month === '1,4,7,10' ? 'Quarterly' : 'Yearly';
  if (dom !== '*') return dom?.startsWith('*/') ? '' : 'Monthly';
  if (dow === '1-5') return 'Weekday';
  if (dow === '0,6') return 'Weekend';
  if (dow !== '*') return /^\d$/.test(dow ?? '') ? 'Weekly' : '';
  return hour?.includes('/') ? '' : 'Daily';
}

/** Shorter words for built-ins whose catalog names describe the server, not the thing. */
const SHORT_NAMES: Readonly<Record<string, string>> = lookupTable({
  email: 'e-mail',
  rss: 'RSS',
  'web-page': 'web page',
  'http-request': 'API',
  webhook: 'webhook',
  transform: 'CSV',
  sql: 'SQL',
  'brave-search': 'web search',
});

let spelled: ReadonlyMap<string, string> = new Map();
const nameOf = (id: string) =>
  SHORT_NAMES[id] ?? integrationById(id)?.name ?? spelled.get(id) ?? id;

/** Built-ins that help along the way but are neither where things come from nor where they go. */
const HELPERS = new Set(['memory', 'transform', 'clock', 'sql', 'sequential-thinking']);

const LOOSE_END =
  /\s+(?:a|an|the|to|of|in|on|for|from|with|by|and|or|into|our|my|their|at|that|through|via|using|us|me|if|when|as|so|but|which|who)$/i;

/** A step's words as a name: whole words up to about 48 characters, without a loose end. */
function shorten(text: string): string {
  let name = text
    .replace(/\s*\([^)]*\)/g, '')
    // An address by its host: "Check status.example.com".
    .replace(/https?:\/\/(?:www\.)?([^/\s?#,]+)[^\s,]*/gi, '$1')
    .replace(/[.,;:?!]+$/, '')
    // A request's framing is not the work: "Can you translate this into Spanish".
    .replace(
      /^(?:(?:can|could|would|will) (?:you|u)|please|pls|kindly)\s+(?:please\s+)?(?=\S)/i,
      '',
    );
  // The first clause, when it says enough: "Read the feed blog.example.com, summarise ...".
  const clause = /(?:,|;|\s+(?:and|then)\s+(?:if|when|whenever)\b)/i.exec(name);
  if (clause && name.slice(0, clause.index).trim().split(/\s+/).length >= 3) {
    name = name.slice(0, clause.index);
  }
  if (name.length > 48) name = name.slice(0, 49).replace(/\s+\S*$/, '');
  while (LOOSE_END.test(name)) name = name.replace(LOOSE_END, '');
  return name;
}

/** The thing the description is about: the earliest of the known objects it names. */
function objectOf(text: string): [string, string] | null {
  let best: [number, string, string] | null = null;
  for (const [pattern, one, many] of OBJECTS) {
    const at = text.search(pattern);
    if (at !== -1 && (!best || at < best[0])) best = [at, one, many];
  }
  return best ? [best[1], best[2]] : null;
}

export function makeName(
  text: string,
  steps: readonly PlannedStep[],
  reading: TriggerReading,
  ids: readonly string[],
  /** How the description spells services the catalog does not know, by id. */
  names: ReadonlyMap<string, string> = new Map(),
): string {
  spelled = names;
  const object = objectOf(text.replace(/\S+@\S+|https?:\/\/\S+/g, ' '));
  const work = steps
    .filter((step) => !/that started the run/.test(step.text))
    .map((step) => step.text)
    .join('\n');
  const output = OUTPUTS.find(([pattern]) => pattern.test(work))?.[1];
  const sourceId =
    reading.event?.integration ??
    steps.flatMap((s) => s.sources).find((id) => !HELPERS.has(id)) ??
    ids.find((id) => !HELPERS.has(id) && id !== 'email');
  const outgoing = steps.flatMap((s) => s.targets).filter((id) => !HELPERS.has(id));
  let dests = [...new Set(outgoing)].filter((id) => id !== sourceId);
  if (dests.length > 1) dests = dests.filter((id) => id !== 'email');
  const source = sourceId && sourceId !== 'email' ? nameOf(sourceId) : '';
  const destText = dests.length ? listing(dests.slice(0, 2).map(nameOf)) : '';
  const toDest = destText === 'e-mail' ? ' by e-mail' : destText ? ` to ${destText}` : '';
  // (A product named for its things says them once: "Google Reviews to Slack", not "Google
  // Reviews reviews to Slack".)
  const named = object && object.includes(source.split(' ').at(-1)?.toLowerCase() ?? '');
  let name: string;
  if (object && output === 'to' && (source || destText)) {
    name = `${source}${named ? '' : ` ${object[1]}`}${toDest}`;
  } else if (object && output && output !== 'to') {
    const what = output.startsWith(object[0]) ? object[0] : `${object[0]} ${output}`;
    const said = named ? (output.startsWith(object[0]) ? '' : output) : what;
    name = `${cadence(reading)} ${source} ${said}${toDest}`;
  } else {
    const first = steps.find((s) => !/that started the run/.test(s.text)) ?? steps[0];
    name = shorten(first?.text ?? text);
  }
  const tidy = name.replace(/\s+/g, ' ').trim();
  return clip(capitalize(/[\p{L}\p{N}]/u.test(tidy) ? tidy : 'New agent'), 80);
}

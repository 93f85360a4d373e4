import { lookupTable } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { IntegrationEvent } from '../catalog/types.ts';
import { ASKING_VERBS, type EventTrigger } from './events.ts';
import type { Word } from './nlp.ts';
import { momentCue, SENDING_VERBS } from './verbs.ts';
import { DETERMINERS, isLanguage, productWord, THINGS, type ServiceSpan } from './services.ts';
import { editDistance, quotedSpans, serviceKey } from './text.ts';

// Events of any service, read from the sentence's grammar rather than from the catalog's phrases:
// a cue ("when", "whenever", "as soon as", "each new", "once"), then what happens (a verb, by its
// lemma: "leaves", "comes in", "is uploaded", "gets a reply") to what (the nearest noun: review,
// order, response), in which service. The result is the catalog's event where the service declares
// a matching one, otherwise `<object>.<action>` (`review.created`).

/** Verb lemmas by the action they report. */
export const ACTIONS: Record<string, string> = lookupTable();
const act = (action: string, lemmas: string) => {
  for (const lemma of lemmas.split(/\s+/)) ACTIONS[lemma] = action;
};
act(
  'created',
  `leave submit create add open post place sign register join subscribe upload book make buy sell spend send
  purchase order start appear come arrive get receive fill enter apply write drop land enroll list
  star follow save go rate raise file log report show pop schedule trigger fire turn request
  message text dm ping contact detect donate`,
);
act('replied', 'reply respond answer comment');
act(
  'updated',
  `change update edit modify move rename reschedule assign label tag hit reach mark flag switch set
  approve flip swap acknowledge reopen push bump escalate renew pause resume lose drag`,
);
act('deleted', 'delete remove archive');
act('cancelled', 'cancel unsubscribe churn');
act(
  'completed',
  'complete finish resolve win ship deliver fulfil fulfill pay merge end tick execute countersign',
);
act('failed', 'fail bounce decline crash break error expire miss die');
act('closed', 'close');
act('published', 'publish release launch');
act('refunded', 'refund');
// "when the login check recovers after failing": back to working.
act('recovered', 'recover');

/** Past forms the tagger leaves unlemmatised ("gets paid" tagged as an adjective). */
const IRREGULAR: Readonly<Record<string, string>> = lookupTable({
  // ("someone acks a PD incident": the word on-call engineers use.)
  ack: 'acknowledge',
  acks: 'acknowledge',
  acked: 'acknowledge',
  paid: 'pay',
  sent: 'send',
  made: 'make',
  left: 'leave',
  written: 'write',
  bought: 'buy',
  gone: 'go',
  got: 'get',
  gotten: 'get',
  filed: 'file',
  shipped: 'ship',
  began: 'start',
  broken: 'break',
  broke: 'break',
  done: 'finish',
});

/** Nouns that name a happening: "on PR creation", "chargebee cancellation ->". */
const NOMINAL: Readonly<Record<string, string>> = lookupTable({
  creation: 'create',
  cancellation: 'cancel',
  cancelation: 'cancel',
  completion: 'complete',
  failure: 'fail',
  deletion: 'delete',
  publication: 'publish',
});

/** Verbs a headline names a happening by: "On PR open:", "on push to main:". */
const HEADLINE_ACTIONS = new Set(
  'open opened merge merged push close closed publish published deploy release fail failure'.split(
    ' ',
  ),
);

/** The word with the lemma of its action where the tagger gave none we know. */
function withActionLemma(w: Word): Word {
  if (NOMINAL[w.lower]) return { ...w, lemma: NOMINAL[w.lower]! };
  if (ACTIONS[w.lemma]) return w;
  const lower = w.lower;
  const lemma = [
    IRREGULAR[lower],
    lower.replace(/ied$/, 'y'),
    lower.replace(/([a-z])\1ed$/, '$1'),
    lower.replace(/ed$/, ''),
    lower.replace(/d$/, ''),
  ].find((candidate) => candidate && candidate !== lower && ACTIONS[candidate]);
  return lemma ? { ...w, lemma } : w;
}

/**
 * A verb of writing to someone that the tagger read as a noun after the one who writes: "someone
 * DMs our Instagram", "people message the stables' page", "a customer texts us".
 */
function speakingVerb(w: Word, at: number, words: readonly Word[]): Word {
  const base = w.lower.replace(/(?<!s)s$/, '');
  const next = words[at + 1];
  return ['NOUN', 'PROPN'].includes(w.pos) &&
    (SPEAKING.has(base) || (base !== w.lower && ['comment', 'reply', 'review'].includes(base))) &&
    ACTORS.has(words[at - 1]?.lower ?? '') &&
    // ("a new guest message in Hostaway" is a message.)
    !['new', 'incoming'].includes(words[at - 2]?.lower ?? '') &&
    next?.sentence === w.sentence &&
    (['DET', 'PRON', 'PROPN'].includes(next.pos) || /^['"\u2018\u201c]$/.test(next.value))
    ? { ...w, pos: 'VERB', lemma: base }
    : w;
}

/** States a thing goes into: "the build goes red" is a build failed. */
const STATES: Readonly<Record<string, string>> = lookupTable({
  red: 'failed',
  down: 'failed',
  offline: 'failed',
  green: 'completed',
  live: 'published',
  // "a new video goes up"
  up: 'published',
  public: 'published',
});

/** Things that arrive rather than get made: "a message comes in" is a message received. */
const MESSAGES = new Set(
  'message email mail dm sms text question inquiry enquiry query chat voicemail'.split(' '),
);
/** How objects are called in event ids. */
const OBJECT_NAMES: Readonly<Record<string, string>> = lookupTable({
  email: 'message',
  mail: 'message',
  dm: 'message',
  sms: 'message',
  text: 'message',
  question: 'message',
  inquiry: 'message',
  enquiry: 'message',
  query: 'message',
  submission: 'response',
  pdf: 'file',
  csv: 'file',
  attachment: 'file',
  upload: 'file',
  signup: 'user',
  'sign-up': 'user',
  registration: 'user',
  purchase: 'order',
  sale: 'order',
  star: 'review',
  rating: 'review',
  chat: 'conversation',
  convo: 'conversation',
  sub: 'subscription',
});
/** Who does things, not what happens: never the event's object. */
const ACTORS = new Set(
  `someone somebody anyone anybody customer customers user users client clients people person
  visitor visitors member members lead team we i you they he she it one buyer buyers guest guests
  subscriber subscribers follower followers colleague colleagues prospect prospects employee
  employees student students parent parents patient patients player players nurse nurses candidate
  candidates applicant applicants teacher teachers seller sellers engineer engineers developer
  developers contributor contributors attendee attendees tenant tenants vendor vendors donor donors
  author authors editor editors reviewer reviewers family families rep reps owner owners admin
  admins partner partners investor investors manager managers buyer designer designers writer
  writers driver drivers agent agents couple couples retailer retailers flatmate flatmates roommate
  roommates fan fans backer backers supporter supporters patron patrons shopper shoppers caller
  callers listener listeners reader readers viewer viewers`.split(/\s+/),
);
const OBJECT_STOP = new Set(
  `time day week month hour minute morning evening night way thing bit lot star one kind sort type
  moment office hours gist text link copy note change changes something anything`.split(/\s+/),
);
/** Verbs that make their own object: "books a demo" is a booking, "pays an invoice" an invoice paid. */
const VERB_OBJECTS: Readonly<Record<string, string>> = lookupTable({
  book: 'booking',
  apply: 'application',
  reserve: 'booking',
  rate: 'review',
  subscribe: 'subscriber',
  // "someone churns in stripe": the subscription they had, cancelled.
  churn: 'subscription',
  register: 'registration',
  enroll: 'user',
  follow: 'follower',
  star: 'star',
  request: 'request',
  // "on push to main": code pushed.
  push: 'push',
  // "a patient cancels in Cliniko", "a guest cancels": what people cancel without saying is
  // their booking.
  cancel: 'booking',
  // "a member renews": what people renew without saying is what they subscribe to.
  renew: 'subscription',
});
/** What a verb makes when nothing else is named: "a customer pays" is a payment. */
const VERB_THINGS: Readonly<Record<string, string>> = lookupTable({
  pay: 'payment',
  donate: 'donation',
  sell: 'sale',
  spend: 'payment',
  // "whenever someone buys on SendOwl": the order they placed.
  buy: 'order',
  purchase: 'order',
  // "every time a prospect replies": the message they replied with.
  reply: 'message',
  respond: 'message',
  // "when I publish on Hashnode": what a blog publishes.
  publish: 'post',
});
/** Things a service publishes: a new one that appears there is published. */
const PUBLISHED_THINGS = new Set(
  'video episode podcast reel short article blog_post story track livestream stream'.split(' '),
);
/** Verbs of a thing arriving by itself: its subject is the thing, even a person ("a lead"). */
const ARRIVING = new Set(['arrive', 'come', 'land', 'appear', 'show', 'pop', 'drop']);
/** Verbs that tell what a message says: the words after them are its content. */
const CONTENT_VERBS = new Set(['mention', 'contain', 'include', 'regard', 'concern']);
/** A state a thing is in once something has happened to it: "is out", "is ready". */
const STATE_REACHED: Readonly<Record<string, string>> = lookupTable({
  out: 'published',
  live: 'published',
  ready: 'completed',
  done: 'completed',
  finished: 'completed',
  complete: 'completed',
});
/** What a file holds: kept in a folder, each is a file. */
const FILE_KINDS = new Set(
  `video photo image picture pic pdf document doc scan receipt invoice recording csv spreadsheet
  contract audio presentation deck`.split(/\s+/),
);
/** Participles after which a message's content follows: "texts asking to move their booking". */
const ASKING = new Set(['asking', 'wanting', 'requesting', 'saying']);
/** Verbs of writing to someone: with no object of their own, what arrives is a message. */
const SPEAKING = new Set([
  'write',
  'message',
  'text',
  'email',
  'mail',
  'dm',
  'ask',
  'contact',
  'ping',
  'reach',
  'chat',
  'post',
]);
/** Actions that are the same event in the catalog's words. */
const SAME_ACTION: readonly (readonly string[])[] = [
  [
    'created',
    'opened',
    'added',
    'submitted',
    'received',
    'new',
    'create',
    'triggered',
    'scheduled',
    'started',
    'uploaded',
    'alert',
    'fired',
  ],
  ['completed', 'paid', 'succeeded', 'finished', 'resolved', 'done', 'won', 'merged', 'closed'],
  ['deleted', 'cancelled', 'canceled', 'removed', 'archived'],
  ['failed', 'fail', 'error', 'errored', 'bounced', 'declined', 'payment_failed', 'down'],
  ['updated', 'changed', 'edited', 'stage_changed', 'moved'],
  ['replied', 'comment', 'commented', 'answered'],
  // (A stream "goes live": Twitch's `stream.online`.)
  ['published', 'online'],
  // (A monitor back up: "check.up", "monitor.recovered".)
  ['recovered', 'up', 'restored'],
];
/** The words of an event's thing: `pull_request.opened` -> "pull", "request". */
export const thingWords = (eventId: string): string[] =>
  eventId.slice(0, eventId.lastIndexOf('.')).split(/[._]/);
export const sameAction = (a: string, b: string) =>
  a === b || SAME_ACTION.some((group) => group.includes(a) && group.includes(b));

type Cue = { index: number; strong: boolean };

/** What an outside party does that reaches us: "customers send", "someone adds", "a lead books". */
const INBOUND = new Set(
  `send leave submit ask post write book place fill add upload create open file report share
  comment reply request order buy sign join subscribe register cancel pay dm message text email
  contact ping`.split(/\s+/),
);

/** "Gets a reply", "receives a comment": the thing before is replied to. */
const REPLIES = new Set(['reply', 'answer', 'comment', 'response']);

/** Requests that open a sentence: "Show me which services failed" is no headline. */
const IMPERATIVES = new Set(
  `because show tell find list give get send check review summarise summarize look pull make
  create write draft compare count chart explain fetch read scan go let`.split(/\s+/),
);

/** Things that are done once signed. */
const SIGNED = /(?:contract|envelope|agreement|lease|offer|proposal|document|loop|nda|quote)$/;
/** Verbs a request starts with, which end the clause of what happened before them. */
const INSTRUCTIONS = new Set(
  `post send create open email message notify ping add tell page alert text dm forward log reply
  summarise summarize draft write update assign tag label move save make`.split(/\s+/),
);
/** Whether the word at k follows a verb that says what happened ("fails", "signs up"). */
function afterHappening(scope: readonly Word[], k: number): boolean {
  const before = ['up', 'in', 'out', 'back', 'down', 'off'].includes(scope[k - 1]?.lower ?? '')
    ? scope[k - 2]
    : scope[k - 1];
  return (
    !!before &&
    (before.pos === 'VERB' || Boolean(IRREGULAR[before.lower])) &&
    before.lower !== before.lemma &&
    Boolean(ACTIONS[withActionLemma(before).lemma])
  );
}

/** Words that say whose a thing is: what follows is the thing. */
const POSSESSIVES = new Set(['their', 'his', 'her', 'its', 'your', 'our', 'my']);
/** Time units: "once a week" is a schedule, "once a ticket is closed" an event. */
const TIME_UNITS = new Set([
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'fortnight',
  'while',
]);

/**
 * Whether a word inside a service's span is part of its name ("Zendesk" in "zendesk ticket")
 * rather than the thing the event is about ("ticket"); the last word of a name of several words
 * that is an English noun ("Google review") is both, and counts as the thing.
 */
function partOfName(word: Word, service: ServiceSpan): boolean {
  if (!serviceKey(service.name).includes(serviceKey(word.value))) return false;
  const several = /\s/.test(service.name.trim());
  return !(several && word.end === service.end && word.known && word.pos === 'NOUN');
}

const singularOf = (word: string) => word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/** Verbs that make the thing rather than act on news of it: "create new Jira tickets". */
const MAKING = new Set(
  `create add write draft make open generate build compose start set schedule book plan prepare
  suggest find list`.split(/\s+/),
);

/**
 * The word (or it and the next, "pull request") names a thing a named service sends events about,
 * skipping the service's own name ("new zendesk tickets").
 */
type ThingAt = (index: number) => boolean;

/** A verb, or the word a request opens with (the tagger reads "Review ..." as a name). */
function requestVerb(words: readonly Word[], index: number): boolean {
  const w = words[index]!;
  if (w.pos === 'VERB') return true;
  const opening = words.findIndex((x) => x.sentence === w.sentence);
  return index - opening < 3 && ['NOUN', 'PROPN'].includes(w.pos) && w.known;
}

/** The thing a misspelt word stands for: one letter off, or two letters swapped. */
function spelledThing(word: string): string | undefined {
  if (word.length < 5) return undefined;
  for (const thing of THINGS) {
    if (Math.abs(thing.length - word.length) <= 1 && editDistance(thing, word, 2) <= 1)
      return thing;
  }
  return undefined;
}

/** What follows a verb that opens a request: "turn off the ...", "archive all ...". */
const REQUEST_OBJECTS = new Set(
  'the a an off up out my our all this that it them every each any'.split(' '),
);

/** Words a request opens with: "Could you take the contacts created ..." is no headline. */
const POLITE = new Set('could can would will please pls kindly i we you'.split(' '));

/**
 * Where things arrive, with words between that the text's rewrite (text.ts) does not read: "hits the
 * support inbox" is arriving, where "hits Closed Won" is a change.
 */
const HIT_PLACES = new Set('inbox mailbox queue channel folder board desk'.split(' '));

/** What is changed about a thing: "gets the 'refund' tag", "a lead's status". */
const ATTRIBUTES = new Set(
  'tag label status priority assignee owner stage field column rating'.split(' '),
);

/** Happenings other than something appearing. */
const OTHER_ACTIONS = [
  'completed',
  'deleted',
  'cancelled',
  'failed',
  'updated',
  'replied',
  'closed',
  'published',
  // (The states a thing reaches: "a candidate applies" is not the candidate hired.)
  'hired',
  'won',
  'lost',
  'paid',
  'shipped',
  'approved',
  'rejected',
  'signed',
  'stage_changed',
  'status_changed',
];

/** Happenings that undo or break a thing: never the same event as one that makes or changes it. */
const UNDOING = /fail|cancel|delet|remov|refund|close|down|error|bounce|declin|expire|archiv/;
/**
 * Whether a service's only event, of a thing the user calls otherwise, is what they describe: "the
 * buyer signs the offer in DocuSign" is its envelope completed, "a receipt is uploaded to Dropbox"
 * its file changed, "Argo CD sync failed" its app sync failed; "an event is cancelled" is not
 * Eventbrite's order placed.
 */
const sameSide = (declaredAction: string, action: string) =>
  sameAction(declaredAction, action) ||
  (UNDOING.test(declaredAction) && UNDOING.test(action)) ||
  (action === 'created' && /complet|chang|plac|upload|submit|receiv/.test(declaredAction));

/**
 * Whether a catalog service has the thing: one its events are of, or, declaring none, one its own
 * words name ("Joplin": notes).
 */
export function hasThing(id: string, thing: string): boolean {
  const integration = integrationById(id);
  if (!integration) return false;
  const own = integration.events.length
    ? integration.events.flatMap(objectsOf)
    : [...integration.keywords, integration.description]
        .flatMap((k) => k.toLowerCase().split(/[^\w]+/))
        .map((w) => w.replace(/s$/, ''));
  return own.includes(thing.replace(/s$/, ''));
}

/** Where "X that is / which gets <participle>" ends, after a noun phrase starting at `from`. */
function relativeEnd(words: readonly Word[], from: number): number | undefined {
  const at = words.slice(from, from + 4).findIndex((w) => ['that', 'which'].includes(w.lower));
  if (at === -1) return undefined;
  const k = from + at + 1;
  return ['is', 'are', 'gets', 'get', 'was', 'has', 'have'].includes(words[k]?.lower ?? '')
    ? k + 3
    : undefined;
}

/**
 * Other names of the things services send news of, in the words of the services that name them
 * otherwise: a ticket in an issue tracker is an issue, an invite in a calendar an event, a row in a
 * database a record.
 */
const OBJECT_SYNONYMS: Readonly<Record<string, readonly string[]>> = lookupTable({
  ticket: ['issue', 'task'],
  bug: ['issue'],
  story: ['issue'],
  issue: ['ticket'],
  card: ['task', 'item'],
  task: ['card', 'item'],
  invite: ['event'],
  invitation: ['event'],
  meeting: ['event'],
  appointment: ['event', 'booking', 'reservation', 'session'],
  booking: ['appointment', 'reservation', 'event'],
  reservation: ['booking', 'appointment'],
  session: ['booking', 'appointment'],
  chat: ['conversation', 'message'],
  conversation: ['chat', 'message'],
  convo: ['conversation', 'chat', 'message'],
  message: ['conversation', 'chat'],
  hire: ['employee'],
  employee: ['hire'],
  photo: ['file', 'image'],
  image: ['file', 'photo'],
  inquiry: ['lead', 'enquiry'],
  enquiry: ['lead', 'inquiry'],
  applicant: ['application', 'candidate'],
  candidate: ['application', 'applicant'],
  application: ['candidate', 'applicant'],
  sku: ['product', 'item'],
  listing: ['product', 'item'],
  user: ['signup', 'member', 'contact'],
  registration: ['signup', 'attendee', 'registrant'],
  post: ['article', 'entry', 'story'],
  row: ['record', 'item'],
  entry: ['record', 'item'],
  product: ['listing', 'item'],
  homework: ['assignment'],
  deal: ['opportunity'],
  opportunity: ['deal'],
  customer: ['contact'],
  signup: ['subscriber', 'contact', 'user', 'registration', 'member'],
  error: ['issue', 'event'],
  exception: ['issue', 'error'],
  crash: ['issue', 'error'],
  article: ['post', 'entry'],
  blog: ['post'],
  // ("the build goes red in CircleCI": its workflow, the run that builds.)
  build: ['workflow', 'pipeline'],
});

/** The one item of a list, or undefined. */
const only = <T>(items: readonly T[]): T | undefined => (items.length === 1 ? items[0] : undefined);

/** Words that put things in the past: "every diff that landed in March", "yesterday's". */
const PAST = new Set(['last', 'yesterday', 'ago', 'past', 'previous']);
const MONTH_NAMES = new Set(
  `january february march april june july august september october november december jan feb mar
  apr jun jul aug sep sept oct nov dec`.split(/\s+/),
);

/** "check if they follow the checklist", "see if": a question the agent answers, not news. */
export function asksWhether(words: readonly Word[], index: number): boolean {
  const before = words[index - 1];
  const twoBefore = words[index - 2];
  return (
    !!before &&
    before.sentence === words[index]!.sentence &&
    (ASKING_VERBS.has(before.lemma) || (before.lower === 'out' && twoBefore?.lemma === 'find'))
  );
}

/** The words an event names its thing by: its id's parts and its name, singular. */
function objectsOf(event: IntegrationEvent): string[] {
  const parts = event.id.split('.');
  parts.pop();
  const words = [
    ...parts,
    ...parts.flatMap((p) => p.split('_')),
    ...event.name.toLowerCase().split(/\s+/),
  ];
  return words.map((w) => w.replace(/s$/, ''));
}

function cuesIn(
  words: readonly Word[],
  thingAt: ThingAt = () => false,
  inService: (start: number, end: number) => boolean = () => false,
): Cue[] {
  const cues: Cue[] = [];
  words.forEach((w, i) => {
    const next = words[i + 1]?.lower;
    const prev = words[i - 1]?.lower;
    if (['when', 'whenever', 'anytime', 'everytime'].includes(w.lower))
      cues.push({ index: i, strong: true });
    else if (w.lower === 'soon' && prev === 'as') cues.push({ index: i, strong: true });
    else if (w.lower === 'time' && (prev === 'each' || prev === 'every' || prev === 'any'))
      cues.push({ index: i, strong: true });
    else if (prev === 'the' && momentCue([prev, w.lower, next]))
      cues.push({ index: i, strong: true });
    else if (
      w.lower === 'new' &&
      ['each', 'every', 'any', 'all', 'for', 'on', 'incoming'].includes(prev ?? '')
    )
      cues.push({ index: i - 1, strong: true });
    else if (w.lower === 'incoming') cues.push({ index: i, strong: true });
    // "add anyone who buys our course on Gumroad": each one who does it, as they do.
    else if (
      ['anyone', 'anybody', 'everyone', 'everybody', 'whoever'].includes(w.lower) &&
      (() => {
        const verb =
          w.lower === 'whoever' ? words[i + 1] : next === 'who' ? words[i + 2] : undefined;
        return (
          !!verb &&
          verb.sentence === w.sentence &&
          /s$/.test(verb.lower) &&
          verb.lower !== verb.lemma &&
          !!ACTIONS[verb.lemma]
        );
      })()
    )
      cues.push({ index: i, strong: true });
    // "on PR creation", "on every deploy failure": a happening named by its noun.
    else if (
      ['on', 'upon'].includes(w.lower) &&
      words.slice(i + 1, i + 5).some((x) => NOMINAL[x.lower] && x.sentence === w.sentence)
    )
      cues.push({ index: i, strong: true });
    // "On PR open in GH:", "on push to main ->": a headline naming a happening by its verb,
    // opening the sentence, before a colon, a comma or an arrow.
    else if (
      w.lower === 'on' &&
      (i === 0 || words[i - 1]!.sentence !== w.sentence) &&
      (() => {
        const head = words.slice(i + 1, i + 8);
        const end = head.findIndex((x) => /^(?::|,|->|=>|\u2192)$/.test(x.value));
        return (
          end > 0 &&
          head.slice(0, end).every((x) => x.sentence === w.sentence) &&
          head.slice(0, Math.min(end, 3)).some((x) => HEADLINE_ACTIONS.has(x.lower))
        );
      })()
    )
      cues.push({ index: i, strong: true });
    // "as they come in", "as new ones land": things arriving, named before.
    else if (
      w.lower === 'as' &&
      ['they', 'these', 'those', 'it', 'new', 'each'].includes(next ?? '') &&
      words.slice(i + 2, i + 4).some((x) => ['arrive', 'come', 'land', 'appear'].includes(x.lemma))
    )
      cues.push({ index: i, strong: true });
    else if (
      w.lower === 'once' &&
      next &&
      // "just this once:", "only once" say how often, not when.
      !['this', 'just', 'only', 'at'].includes(prev ?? '') &&
      /^[a-z]/i.test(next) &&
      !['per', 'every', 'each', 'daily', 'weekly', 'monthly', 'more', 'again', 'or'].includes(
        next,
      ) &&
      !TIME_UNITS.has(words[i + 2]?.lemma ?? '')
    )
      cues.push({ index: i, strong: true });
    else if (
      ['every', 'each', 'any'].includes(w.lower) &&
      // ("every PR that is created": through a relative clause too.)
      words.slice(i + 1, relativeEnd(words, i + 1) ?? i + 4).some(
        (x) =>
          ACTIONS[x.lemma] &&
          ACTIONS[x.lemma] !== 'updated' &&
          // ("every paid order", "each sent invoice": irregular ones too.)
          (/(?:ed|en)$/.test(x.lower) || !!IRREGULAR[x.lower]) &&
          x.lower !== x.lemma,
      )
    )
      cues.push({ index: i, strong: true });
    // "each gift over $1,000 that comes in through Givebutter", "any receipt that lands in my
    // Gmail": each of the things that arrive.
    else if (
      ['every', 'each', 'any'].includes(w.lower) &&
      words.slice(i + 2, i + 16).some(
        (x, k, run) =>
          ['that', 'which'].includes(x.lower) &&
          x.sentence === w.sentence &&
          ARRIVING.has(run[k + 1]?.lemma ?? '') &&
          // (Not what arrived once: "every diff that landed in March".)
          !/(?:ed|came)$/.test(run[k + 1]!.lower),
      )
    )
      cues.push({ index: i, strong: true });
    else if (w.lower === 'after' || (w.lower === 'if' && !asksWhether(words, i)))
      cues.push({ index: i, strong: false });
    // "Every Strava activity I upload ...", "each Typeform response": each of a named service's
    // things, unless counted over a time ("every Stripe payment from last week").
    else if (
      ['every', 'each'].includes(w.lower) &&
      prev !== 'new' &&
      words[i + 1] &&
      inService(words[i + 1]!.start, words[i + 1]!.end) &&
      (() => {
        let k = i + 1;
        while (words[k] && inService(words[k]!.start, words[k]!.end)) k++;
        // A catalog keyword may take the thing in ("Strava activity").
        if (words[k]?.pos !== 'NOUN' && k - 1 > i + 1 && words[k - 1]!.pos === 'NOUN') k--;
        return (
          words[k]?.pos === 'NOUN' &&
          !TIME_UNITS.has(words[k]!.lemma) &&
          !words
            .slice(k, k + 8)
            .some(
              (x) =>
                x.sentence === w.sentence &&
                (TIME_UNITS.has(x.lemma) || PAST.has(x.lower) || MONTH_NAMES.has(x.lower)),
            )
        );
      })()
    )
      cues.push({ index: i, strong: true });
    // "Every photo I add to the album", "any file we drop in the folder": each thing someone puts
    // somewhere, as it is put (not "every email I got last week", nor "every day I ...").
    else if (
      ['every', 'each', 'any'].includes(w.lower) &&
      words[i + 1]?.pos === 'NOUN' &&
      !TIME_UNITS.has(words[i + 1]!.lemma) &&
      (() => {
        const k = words[i + 2]?.lower === 'that' ? i + 3 : i + 2;
        const verb = words[k + 1];
        return (
          ['i', 'we', 'someone', 'anyone', 'people', 'they', 'you'].includes(
            words[k]?.lower ?? '',
          ) &&
          !!verb &&
          verb.sentence === w.sentence &&
          ACTIONS[verb.lemma] === 'created' &&
          (verb.lower === verb.lemma || /[^s]s$/.test(verb.lower)) &&
          !words
            .slice(k + 2, k + 10)
            .some(
              (x) => x.sentence === w.sentence && (PAST.has(x.lower) || MONTH_NAMES.has(x.lower)),
            )
        );
      })()
    )
      cues.push({ index: i, strong: true });
    else if (['every', 'each'].includes(w.lower) && ['on', 'after'].includes(prev ?? ''))
      cues.push({ index: i - 1, strong: true });
    // "each push to main in Bitbucket, ...", "every merge into develop:": a happening named by
    // its verb after "each", opening the sentence.
    else if (
      ['every', 'each'].includes(w.lower) &&
      (i === 0 || words[i - 1]!.sentence !== w.sentence) &&
      HEADLINE_ACTIONS.has(next ?? '') &&
      ['to', 'into', 'on', 'in', 'of'].includes(words[i + 2]?.lower ?? '')
    )
      cues.push({ index: i, strong: true });
    else if (w.lower === 'new' && (i === 0 || words[i - 1]!.sentence !== w.sentence))
      cues.push({ index: i, strong: true });
    // "Gorgias new ticket.": a service's name, then "new", opening a sentence.
    else if (
      w.lower === 'new' &&
      i > 0 &&
      inService(words[i - 1]!.start, words[i - 1]!.end) &&
      (() => {
        let k = i - 1;
        while (
          k > 0 &&
          words[k - 1]!.sentence === w.sentence &&
          inService(words[k - 1]!.start, words[k - 1]!.end)
        )
          k--;
        return k === 0 || words[k - 1]!.sentence !== w.sentence;
      })()
    )
      cues.push({ index: i, strong: true });
    // "auto-tag new zendesk tickets", "review every pull request on Bitbucket": a request that
    // acts on each of a service's things as they come, unless it makes them ("create new
    // tickets") or counts them over a time ("every ticket from last week").
    else if (
      (w.lower === 'new' || (['every', 'each'].includes(w.lower) && prev !== 'new')) &&
      i > 0 &&
      words[i - 1]!.sentence === w.sentence &&
      requestVerb(words, i - 1) &&
      !MAKING.has(words[i - 1]!.lemma) &&
      thingAt(i + 1) &&
      !words
        .slice(i + 1, i + 8)
        .some((x) => x.sentence === w.sentence && (TIME_UNITS.has(x.lemma) || x.lower === 'last'))
    )
      cues.push({ index: i, strong: true });
  });
  // A sentence that reports news of a service's thing: "Instantly reply comes in. Positive? ...",
  // "Typeform response lands".
  const opened = new Set<number>();
  words.forEach((w, i) => {
    if (opened.has(w.sentence)) return;
    opened.add(w.sentence);
    const head = words.slice(i, i + 5).filter((x) => x.sentence === w.sentence);
    const verbAt = head.findIndex(
      (x, k) =>
        k >= 2 &&
        ['arrive', 'land', 'come', 'appear', 'show'].includes(x.lemma) &&
        x.lower !== x.lemma,
    );
    if (
      verbAt !== -1 &&
      head.slice(0, verbAt).some((x) => inService(x.start, x.end)) &&
      head.slice(0, verbAt).some((x) => productWord(x))
    )
      cues.push({ index: i, strong: true });
  });
  // A headline before an arrow, a colon, a dash or a question mark: "Zendesk ticket created ->",
  // "Payment failed on Paddle?", "A CircleCI workflow finished - ...", in any sentence, after a
  // lead-in of its own ("pls set up: merge request opened in gitlab -> ...", "Tripadvisor - new
  // review -> ...").
  const sentences = new Map<number, number[]>();
  words.forEach((w, i) => sentences.set(w.sentence, [...(sentences.get(w.sentence) ?? []), i]));
  for (const indices of sentences.values()) {
    let start = indices[0]!;
    for (const k of indices) {
      const w = words[k]!;
      if (!/^(?:->|=>|:|\?|-|\u2192|\u2014|\u2013|,|=)$/.test(w.value)) continue;
      const head = words.slice(start, k);
      const participle = head.some(
        (x) => ACTIONS[x.lemma] && /(?:ed|en|wn|ne)$/.test(x.lower) && x.lower !== x.lemma,
      );
      // "okendo review under 3 stars ->", "Wufoo 'Request a quote' entry =": a service and a
      // thing it sends news of, before an arrow, are a headline too.
      const arrow =
        /^(?:=|=>|\?)$/.test(w.value) || (w.value === ',' && words[k + 1]?.lower === 'then');
      const serviceThing =
        arrow && head.some((x) => productWord(x)) && head.some((x) => inService(x.start, x.end));
      // "grafana alert firing for disk > 85%:", "main build failing:": a service's thing and
      // what it is doing now.
      // "scan drops into dropbox /Scans ->": a thing doing something now, in a service.
      const present =
        head.some((x) => inService(x.start, x.end)) &&
        !head.some((x) =>
          ['after', 'when', 'whenever', 'if', 'once', 'before'].includes(x.lower),
        ) &&
        head.some(
          (x, n) =>
            n > 0 &&
            x.pos === 'VERB' &&
            !!ACTIONS[x.lemma] &&
            x.lower !== x.lemma &&
            /s$/.test(x.lower) &&
            head[n - 1]!.pos === 'NOUN',
        );
      const progressive =
        head.some((x) => inService(x.start, x.end)) &&
        head.some(
          (x, n) =>
            n > 0 &&
            /ing$/.test(x.lower) &&
            !!ACTIONS[x.lemma] &&
            productWord(head[n - 1]) &&
            !['creating', 'making', 'writing', 'sending', 'posting'].includes(x.lower),
        );
      if (
        head.length >= 2 &&
        head.length <= 14 &&
        // A request opens with the verb's own form ("get the ..."); "got a 1-star review?" is news.
        !(
          (IMPERATIVES.has(head[0]!.lemma) ||
            // ("post the summary ...": a word before "the" is a verb, whatever the tagger says.)
            (['VERB', 'NOUN'].includes(head[0]!.pos) &&
              REQUEST_OBJECTS.has(head[1]?.lower ?? ''))) &&
          head[0]!.lower === head[0]!.lemma &&
          // ("Pull request created in ...": a thing's name, not a request to pull.)
          !/^requests?$/.test(head[1]?.lower ?? '')
        ) &&
        !POLITE.has(head[0]!.lower) &&
        (participle ||
          head.slice(0, 4).some((x) => x.lower === 'new') ||
          serviceThing ||
          progressive ||
          present ||
          // "Each Typeform NPS answer: ..." heads a line with what it is done to.
          (['each', 'every', 'any'].includes(head[0]!.lower) &&
            head.some((x) => productWord(x)) &&
            head.some((x) => inService(x.start, x.end))))
      ) {
        if (!cues.some((c) => c.index === start)) cues.push({ index: start, strong: true });
        break;
      }
      if (!/^(?::|-|\u2014|\u2013)$/.test(w.value)) break;
      start = k + 1;
    }
  }
  return cues;
}

/** A thing right before the word at `k`: a noun, or a word in a noun's place after a determiner. */
function thingBefore(scope: readonly Word[], k: number): boolean {
  const last = scope[k - 1]!;
  if (['NOUN', 'PROPN'].includes(last.pos)) return true;
  return (
    last.pos === 'VERB' &&
    last.lower === last.lemma &&
    scope
      .slice(Math.max(0, k - 3), k - 1)
      .some((w) => DETERMINERS.has(w.lower) || POSSESSIVES.has(w.lower))
  );
}

/** Words between who acts and what they do that keep it a habit: "can", "often", "usually". */
const HABITUAL = new Set(['can', 'may', 'often', 'sometimes', 'usually', 'always', 'regularly']);

/** People of the user's own side: what they can do is what the agent is for, not news. */
const INSIDERS = new Set(
  'team colleague employee rep admin manager agent engineer developer editor writer designer'.split(
    ' ',
  ),
);

/** "customers send us", "people leave": an outside party acting towards us, with no cue word. */
function inboundClause(words: readonly Word[]): Cue | null {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.pos !== 'VERB' && w.pos !== 'NOUN') continue;
    if (!INBOUND.has(w.lemma)) continue;
    // What they do, not what they did: "customers send us" starts runs, "a candidate sent us"
    // describes a thing already there.
    const present = w.lower === w.lemma || w.lower === `${w.lemma}s` || w.lower === `${w.lemma}es`;
    if (!present) continue;
    // ("Pet owners can cancel appointments", "clients often send us": what they may do, or do
    // often, is what they do.)
    // (Not what the team can do: "something my support team can ask" is what the agent is for.)
    const habitual = HABITUAL.has(words[i - 1]?.lower ?? '');
    const at = habitual ? i - 2 : i - 1;
    const subject = words[at];
    if (!subject || !ACTORS.has(subject.lower) || ['we', 'i', 'you', 'it'].includes(subject.lower))
      continue;
    if (habitual && INSIDERS.has(singularOf(subject.lower))) continue;
    const thing = words[at - 1];
    return { index: thing && thing.pos === 'NOUN' ? at - 1 : at, strong: true };
  }
  return null;
}

/** Verbs of a figure moving: "goes over 85%", "drops below 20", "hits 1,000". */
const MOVING_FIGURE = new Set(
  'go get be rise fall drop climb exceed reach hit cross dip spike jump stay'.split(' '),
);
/** Whether the verb at `at` tells a figure crossing a line: "goes over 85%", "exceeds 2s". */
function crossesLine(clause: readonly Word[], at: number): boolean {
  const verb = clause[at];
  if (!verb || !MOVING_FIGURE.has(verb.lemma)) return false;
  const after = clause.slice(at + 1, at + 4);
  return (
    after.some((w) => /^(?:over|above|below|under|past|beyond)$/.test(w.lower)) &&
    after.some((w) => /\d/.test(w.value))
  );
}

const SCOPE = 14;

/**
 * The event a description starts on when the catalog's phrases name none: the service's own
 * event if it declares a matching one, else a generic `<object>.<action>`.
 */
export function findGenericEvent(
  text: string,
  analysed: readonly Word[],
  services: readonly ServiceSpan[],
  builtinsIn: (from: number, to: number) => boolean,
  /** Services the words imply ("a PR": GitHub), where the clause names none. */
  implied: readonly ServiceSpan[] = [],
): EventTrigger | null {
  // Whether a word is inside a service's span, and whether it is part of the service's name.
  const inAService = (w: Word | undefined) =>
    !!w && services.some((s) => w.start >= s.start && w.end <= s.end);
  const inAName = (w: Word) =>
    services.some((s) => w.start >= s.start && w.end <= s.end && partOfName(w, s));
  // "uptimerobot says the store is down", "AfterShip shows ...": a service telling is reporting.
  const told = (w: Word, at: number, all: readonly Word[]): Word => {
    const before = all[at - 1];
    return ['say', 'show', 'tell', 'indicate'].includes(w.lemma) && !!before && inAService(before)
      ? { ...w, pos: 'VERB', lemma: 'report' }
      : w;
  };
  // ("a deal goes to Closed Won": moved, as "moves to" is.)
  const goesTo = (w: Word, at: number, all: readonly Word[]): Word =>
    w.lemma === 'go' && all[at + 1]?.lower === 'to' ? { ...w, lemma: 'move' } : w;
  // ("somebody signs up", "a customer signs up": after someone, a word in -s before "up" is what
  // they do, whatever the tagger says; to sign up is to register.)
  const actorDoes = (w: Word, at: number, all: readonly Word[]): Word => {
    const before = all[at - 1];
    return w.pos === 'NOUN' &&
      /s$/.test(w.lower) &&
      !!before &&
      (ACTORS.has(before.lower) ||
        ['someone', 'somebody', 'anyone', 'he', 'she'].includes(before.lower)) &&
      (all[at + 1]?.lower === 'up' ||
        // ("someone places an order": before an article, too.)
        DETERMINERS.has(all[at + 1]?.lower ?? '') ||
        POSSESSIVES.has(all[at + 1]?.lower ?? ''))
      ? {
          ...w,
          pos: 'VERB',
          lemma:
            w.lower === 'signs' && all[at + 1]!.lower === 'up'
              ? 'register'
              : w.lower.replace(/s$/, ''),
        }
      : w;
  };
  const words = analysed
    .map(actorDoes)
    .map(withActionLemma)
    .map(speakingVerb)
    .map(told)
    .map(goesTo);
  const outside = services.filter(
    (s) => !integrationById(s.id) || integrationById(s.id)!.provider.kind !== 'builtin',
  );
  if (!outside.length) return null;
  // What the named services send news of: the objects of their declared events.
  const things = new Set(
    outside.flatMap((service) =>
      (integrationById(service.id)?.events ?? []).flatMap((e) => {
        const parts = e.id.split('.');
        parts.pop();
        return parts.flatMap((part) => [part.replace(/_/g, ''), ...part.split('_')]);
      }),
    ),
  );
  const thingAt: ThingAt = (index) => {
    let k = index;
    while (words[k] && inAName(words[k]!)) k++;
    const w = words[k];
    if (!w || w.pos !== 'NOUN') return false;
    const next = words[k + 1];
    return (
      things.has(w.lemma) ||
      things.has(singularOf(w.lemma)) ||
      (!!next && things.has(`${w.lemma}${next.lemma}`)) ||
      // Services the catalog knows no events of send news of the things every product has.
      (!things.size && productWord(w))
    );
  };
  // Spans in quotes ("the 'Month-end close' task"): names, not the happening.
  const quotes = quotedSpans(text).map((q) => [q.start, q.end] as const);
  const cues = cuesIn(words, thingAt, (start, end) =>
    services.some((s) => start < s.end && end > s.start),
  );
  // An outside party acting with no cue word ("customers send us") comes last: a clause that
  // says when, even a weak one ("If a booking gets cancelled"), is the request, and the habit
  // told before it ("My clients book sessions with me on cal.com.") is background.
  const inbound = inboundClause(words);
  // Whether the word at k follows "on <service>", "in <service>": where something happened.
  const afterPlace = (scope: readonly Word[], k: number) => {
    let n = k - 1;
    if (!inAService(scope[n])) return false;
    while (n > 0 && inAService(scope[n])) n--;
    return ['on', 'in', 'at', 'via', 'through', 'from'].includes(scope[n]!.lower);
  };
  const tiers = [
    cues.filter((c) => c.strong),
    cues.filter((c) => !c.strong),
    inbound && !cues.some((c) => c.index === inbound.index) ? [inbound] : [],
  ];
  for (const tier of tiers) {
    for (const cue of tier) {
      const sentence = words[cue.index]!.sentence;
      // An aside in brackets ("(they're listed in our Airtable)") is skipped, not an end.
      let depth = 0;
      const scope = words
        .slice(cue.index, cue.index + SCOPE + 8)
        .filter((w) => {
          if (w.value === '(') depth++;
          const inside = depth > 0;
          if (w.value === ')') depth = Math.max(0, depth - 1);
          return !inside && w.value !== ')';
        })
        .slice(0, SCOPE)
        .filter((w) => w.sentence === sentence);
      // The clause ends at punctuation that ends a clause: not at quotes, hyphens, or the dot
      // inside a domain ("monday.com").
      // So does the request that follows it: "every new order in my shop please send ...".
      // Whether a verb of a happening comes before the word at k: "someone opens a PR ...".
      const happenedBefore = (k: number) =>
        scope
          .slice(0, k - 1)
          .some((x, n) => n > 0 && x.pos === 'VERB' && afterHappening(scope, n + 1));
      const stop = scope.findIndex(
        (w, k) =>
          k > 1 &&
          ((/^(?:[,;:.!?()=\u2192]|->|=>)$/.test(w.value) &&
            !(w.value === '.' && scope[k + 1]?.start === w.end)) ||
            // ("Every new donation in Kindful should update the sheet": what is to be done.)
            /^(?:please|pls|plz|kindly|then|should|must)$/i.test(w.value) ||
            // ("whenever I publish on substack make a thread": the order right after where it
            // happened.)
            (INSTRUCTIONS.has(w.lemma) && w.lower === w.lemma && afterPlace(scope, k)) ||
            // ("an issue fails post in #ops", "a lead signs up send a welcome": the request
            // right after what happened, with no comma between.)
            (['VERB', 'NOUN'].includes(w.pos) &&
              // (The base form, in either spelling: "summarise" is lemmatised "summarize".)
              (w.lower === w.lemma || INSTRUCTIONS.has(w.lower)) &&
              INSTRUCTIONS.has(w.lemma) &&
              (afterHappening(scope, k) ||
                // ("someone opens a PR on bitbucket summarize it", "grafana fires an alert open
                // an incident": after the thing the happening was done to.)
                // (A noun the tagger took for a verb after whose it is: "cancels their calendly
                // demo send them a link".)
                (thingBefore(scope, k) && happenedBefore(k)))) ||
            // ("the moment someone places an order i get a whatsapp": what the user gets after
            // the happening is what is to be done.)
            (['i', 'we'].includes(w.lower) &&
              ['NOUN', 'PROPN'].includes(scope[k - 1]!.pos) &&
              happenedBefore(k))),
      );
      const clause = stop === -1 ? scope : scope.slice(0, stop);
      // The clause's subject is a pronoun: its thing and its service were named before.
      const subject = clause.findIndex(
        (w, k) => k > 0 && !DETERMINERS.has(w.lower) && w.lower !== 'new',
      );
      // ("whenever that happens": "that" or "this" before the verb points back too.)
      const pointsBack =
        ['one', 'it', 'they', 'these', 'those'].includes(clause[subject]?.lower ?? '') ||
        (['that', 'this'].includes(clause[subject - 1]?.lower ?? '') &&
          subject - 1 > 0 &&
          clause[subject]?.pos === 'VERB');
      // Words in quotes are names ("tagged 'refund'", "mentions 'broken'"), not the happening.
      const quoted = (w: Word) =>
        /['"\u2018\u201c]\S*$/.test(text.slice(Math.max(0, w.start - 1), w.start)) ||
        quotes.some(([from, to]) => w.start > from && w.end < to);
      // "a closed conversation", "every new merge request": a verb form used to name a thing.
      const attributive = (w: Word) => {
        const at = clause.indexOf(w);
        const before = clause[at - 1]?.lower ?? '';
        const next = clause[at + 1];
        return (
          (at > 0 &&
            (DETERMINERS.has(before) || POSSESSIVES.has(before) || before === 'new') &&
            w.lower !== 'new') ||
          (next?.pos === 'NOUN' &&
            w.lower === w.lemma &&
            !DETERMINERS.has(next.lower) &&
            at > 0 &&
            !ACTORS.has(before) &&
            // ("owners can cancel appointments": after a modal, a verb.)
            !HABITUAL.has(before))
        );
      };
      // "asking to reschedule": an infinitive says what someone wants, not what happened.
      const infinitive = (w: Word) => clause[clause.indexOf(w) - 1]?.lower === 'to';
      // "a conversation mentions cancelling", "asks about a refund": what is said, not what
      // happened.
      // ("texts asking to move their appointment", "writes in wanting a refund": what a message
      // asks for, after the participle.)
      const said = (w: Word) => {
        const at = clause.indexOf(w);
        return clause
          .slice(0, at)
          .some((x) => CONTENT_VERBS.has(x.lemma) || x.lower === 'about' || ASKING.has(x.lower));
      };
      // "it isn't acknowledged within 10 minutes", "hasn't been paid": what did not happen is a
      // condition on the happening, not the happening.
      const negated = (w: Word) =>
        /(?:\b(?:not|never)|n't|\b(?:isnt|hasnt|wasnt|arent|havent|doesnt|didnt))\s+(?:\S+\s+)?$/i.test(
          text.slice(Math.max(0, w.start - 24), w.start),
        );
      // "pushes to main instead of going through a pull request", "closed without merging":
      // what is set aside did not happen.
      const setAside = (w: Word) => {
        const before = clause.slice(Math.max(0, clause.indexOf(w) - 5), clause.indexOf(w));
        return before.some(
          (x, k) =>
            (x.lower === 'instead' && before[k + 1]?.lower === 'of') ||
            (x.lower === 'rather' && before[k + 1]?.lower === 'than') ||
            x.lower === 'without',
        );
      };
      // "pays at the counter": where it happens, not what.
      const placeOf = (w: Word) => {
        const at = clause.indexOf(w);
        const prev = clause[at - 1]?.lower;
        return (
          prev === 'at' ||
          (clause[at - 2]?.lower === 'at' && ['the', 'our', 'my', 'a'].includes(prev ?? ''))
        );
      };
      const isAction = (w: Word) =>
        Boolean(ACTIONS[w.lemma]) &&
        !quoted(w) &&
        !attributive(w) &&
        !infinitive(w) &&
        !said(w) &&
        !negated(w) &&
        !setAside(w);
      // After a determiner a word is a thing, whatever the tagger says ("a deploy fails").
      // So is a thing products send news of right after a service's name ("Instantly reply").
      const determined = (w: Word) => {
        // ("her booking": a noun in -ing too.)
        if (w.pos !== 'VERB' || (w.lower !== w.lemma && !/ing$/.test(w.lower))) return false;
        const before = clause[clause.indexOf(w) - 1];
        const after = clause[clause.indexOf(w) + 1];
        return (
          DETERMINERS.has(before?.lower ?? '') ||
          // ("cancels their consult": after a possessive too.)
          POSSESSIVES.has(before?.lower ?? '') ||
          // Right after the cue and before the verb, it is the subject: "when message arrive".
          (clause.indexOf(w) === 1 && after?.pos === 'VERB' && !!ACTIONS[after.lemma]) ||
          // ("the API monitor is down": the head of a noun phrase, before "is".)
          (after?.pos === 'AUX' &&
            !!before &&
            ['NOUN', 'PROPN', 'ADJ'].includes(before.pos) &&
            DETERMINERS.has(clause[clause.indexOf(w) - 2]?.lower ?? '')) ||
          (!!before && productWord(w) && inAService(before))
        );
      };
      // "fires an alert about ...", "an ilert alert comes in": after an article or a service's
      // name and before no noun, an adjective is a thing.
      const headAdjective = (w: Word) => {
        const at = clause.indexOf(w);
        const before = clause[at - 1];
        return (
          w.pos === 'ADJ' &&
          !!before &&
          (['a', 'an', 'the'].includes(before.lower) || inAService(before)) &&
          !['NOUN', 'PROPN', 'ADJ'].includes(clause[at + 1]?.pos ?? '')
        );
      };
      // "Graylog fires an alert": a verb of ours after a service's name, before an article, is
      // what the service does, whatever the tagger says.
      const serviceDoes = (w: Word) => {
        const at = clause.indexOf(w);
        const before = clause[at - 1];
        return (
          /s$/.test(w.lower) &&
          Boolean(ACTIONS[w.lemma]) &&
          !!before &&
          inAService(before) &&
          ['a', 'an', 'the'].includes(clause[at + 1]?.lower ?? '')
        );
      };
      const isObject = (w: Word) =>
        (w.pos === 'NOUN' ||
          // ("a DM", "an SMS": a thing's short name the tagger takes for a name.)
          (w.pos === 'PROPN' && (w.known || !!OBJECT_NAMES[w.lower])) ||
          // ("an RSVP comes in", "each NDA": an abbreviation after an article is a thing.)
          (w.pos === 'PROPN' &&
            /^[A-Z]{2,6}s?$/.test(w.value) &&
            DETERMINERS.has(clause[clause.indexOf(w) - 1]?.lower ?? '') &&
            !['NOUN', 'PROPN'].includes(clause[clause.indexOf(w) + 1]?.pos ?? '')) ||
          determined(w) ||
          headAdjective(w)) &&
        !said(w) &&
        !ASKING.has(w.lower) &&
        !setAside(w) &&
        !placeOf(w) &&
        !serviceDoes(w) &&
        !NOMINAL[w.lower] &&
        !['new', 'incoming', 'latest', 'fresh'].includes(w.lower) &&
        !OBJECT_STOP.has(w.lemma) &&
        !quoted(w) &&
        !inAName(w) &&
        // "a new post" is a thing; "a player posts", "merge request" are not.
        !(ACTIONS[w.lemma] && ACTORS.has(clause[clause.indexOf(w) - 1]?.lower ?? ''));
      // The thing: the noun right after "new" ("every new subscriber"), else the first noun that
      // is not a person doing something ("a customer leaves a review" is about the review).
      const afterNew = clause.findIndex((w) => w.lower === 'new' || w.lower === 'incoming');
      let newThing =
        afterNew === -1 ? undefined : clause.slice(afterNew + 1).find((w) => !inAName(w));
      // ("a new patient books their first appointment": a new someone doing something is not the
      // thing; what they do it to is.)
      if (
        newThing &&
        (ACTORS.has(newThing.lower) || ACTORS.has(newThing.lemma)) &&
        // ("books" the tagger may take for a noun.)
        (clause[clause.indexOf(newThing) + 1]?.pos === 'VERB' ||
          /s$/.test(clause[clause.indexOf(newThing) + 1]?.lower ?? '')) &&
        ACTIONS[clause[clause.indexOf(newThing) + 1]?.lemma ?? ''] &&
        // (Not "a new lead comes in": a verb with a thing of its own.)
        ['DET', 'PRON', 'NOUN', 'ADJ'].includes(clause[clause.indexOf(newThing) + 2]?.pos ?? '')
      )
        newThing = undefined;
      // The word after "new" is the thing even when the tagger took it for a verb ("invite").
      let object: Word | undefined =
        newThing &&
        (isObject(newThing) ||
          // ("a new note", "each new link": words that say nothing as objects name things new.)
          (newThing.pos === 'NOUN' &&
            ['note', 'link', 'text', 'copy'].includes(newThing.lemma) &&
            !inAName(newThing)) ||
          (newThing.pos === 'VERB' && newThing.known) ||
          // ("my new single is live": an adjective with no noun after it is the thing.)
          (newThing.pos === 'ADJ' &&
            ['AUX', 'VERB'].includes(clause[clause.indexOf(newThing) + 1]?.pos ?? '')))
          ? newThing
          : undefined;
      // ("a Thumbtack lead for a remodel comes in": what arrives is the thing, even a person.)
      const arriver = clause.find(isObject);
      const arriving =
        arriver &&
        clause
          .slice(clause.indexOf(arriver) + 1)
          .find((w) => (w.pos === 'VERB' && ACTIONS[w.lemma]) || ARRIVING.has(w.lemma));
      // (Unless the verb has a thing of its own: "a student drops a file" is a file.)
      const after = arriving ? clause[clause.indexOf(arriving) + 1] : undefined;
      const transitive = !!after && ['DET', 'NOUN', 'NUM'].includes(after.pos);
      if (arriver && arriving && ARRIVING.has(arriving.lemma) && !transitive) object ??= arriver;
      // ("a candidate is moved to 'Offer'", "lead gets assigned": a person something is done to,
      // in a product, is its thing.)
      const isPassive = (k: number) =>
        ['is', 'are', 'gets', 'get', 'got', 'was', 'were'].includes(clause[k + 1]?.lower ?? '');
      const personDoneTo = (w: Word, k: number) => {
        if (!isObject(w) || !(ACTORS.has(w.lower) || ACTORS.has(w.lemma))) return false;
        const passive = isPassive(k);
        const done = passive ? clause[k + 2] : clause[k + 1];
        return (
          !!done &&
          !!ACTIONS[done.lemma] &&
          // ("a candidate is added in Loxo": made there, as much as moved.)
          (ACTIONS[done.lemma] !== 'created' || passive) &&
          (/(?:ed|en)$/.test(done.lower) ||
            !!IRREGULAR[done.lower] ||
            // ("a lead moves to 'Proposal sent'": moved along, in the product.)
            (ACTIONS[done.lemma] === 'updated' &&
              clause[clause.indexOf(done) + 1]?.lower === 'to')) &&
          !SPEAKING.has(done.lemma)
        );
      };
      // ("a candidate gets added to a job in Loxo": the person the passive is told of, before
      // where it was done, is the thing.)
      const told = clause.findIndex((w, k) => isPassive(k) && personDoneTo(w, k));
      const thingFirst = clause.findIndex(
        (w) => isObject(w) && !ACTORS.has(w.lower) && !ACTORS.has(w.lemma),
      );
      if (!object && told !== -1 && (thingFirst === -1 || told < thingFirst)) object = clause[told];
      object ??= clause[thingFirst];
      object ??= clause.find(personDoneTo);
      // "a sick-day request", "a time-off request": a compound joined by a hyphen describes the
      // thing its last word names.
      if (object) {
        let k = clause.indexOf(object);
        while (
          clause[k + 1]?.value === '-' &&
          clause[k + 1]!.start === clause[k]!.end &&
          clause[k + 2]?.start === clause[k + 1]!.end
        )
          k += 2;
        if (k > clause.indexOf(object) && clause[k + 1] && isObject(clause[k + 1]!))
          object = clause[k + 1];
      }
      // "a contractor's contract ends": the thing is what belongs to the owner named first
      // (unless it is only an attribute of it, below).
      if (object) {
        const owned = clause[clause.indexOf(object) + 2];
        if (
          clause[clause.indexOf(object) + 1]?.value.startsWith("'") &&
          owned &&
          isObject(owned) &&
          !ATTRIBUTES.has(owned.lemma)
        )
          object = owned;
      }
      // "a lead's status is changed": the thing is the one the attribute belongs to.
      if (object && ATTRIBUTES.has(object.lemma)) {
        const owner = clause[clause.indexOf(object) - 2];
        if (clause[clause.indexOf(object) - 1]?.value.startsWith("'") && owner && isObject(owner))
          object = owner;
      }
      // The happening: the first verb after the thing ("a ticket comes in tagged ..."), else the
      // last one before it ("someone opens a merge request"), or a participle the tagger took for
      // a noun or an adjective ("ticket created", "build failed").
      const at = object ? clause.indexOf(object) : -1;
      // "gets merged": the participle is the happening, not "gets".
      const passiveGet = (w: Word) => {
        const next = clause[clause.indexOf(w) + 1];
        return (
          ['get', 'become'].includes(w.lemma) &&
          !!next &&
          !!ACTIONS[next.lemma] &&
          (/(?:ed|en)$/.test(next.lower) || !!IRREGULAR[next.lower])
        );
      };
      const verbs = clause.filter(
        (w) =>
          isAction(w) &&
          !passiveGet(w) &&
          (w.pos === 'VERB' ||
            Boolean(NOMINAL[w.lower]) ||
            (['NOUN', 'ADJ', 'PROPN'].includes(w.pos) &&
              w.lower !== w.lemma &&
              /(?:ed|en|wn|ne|s)$/.test(w.lower))),
      );
      // "leaves a comment tagged #copy": a participle right after the thing describes it when a
      // verb before the thing tells what happened.
      const verbAfter = verbs.find((w) => clause.indexOf(w) > at);
      const verbBefore = verbs.filter((w) => clause.indexOf(w) < at).at(-1);
      // ("fires an incident for anything tagged payments-api": a participle after "anything"
      // further on describes too.)
      const unmarked = (w: Word) =>
        ['anything', 'everything', 'something', 'anyone', 'everyone', 'all', 'any'].includes(
          clause[clause.indexOf(w) - 1]?.lower ?? '',
        );
      const describing =
        !!verbAfter &&
        !!verbBefore &&
        (clause.indexOf(verbAfter) === at + 1 || unmarked(verbAfter)) &&
        verbAfter.lower !== verbAfter.lemma &&
        /(?:ed|en)$/.test(verbAfter.lower) &&
        // ("merge request opened": a verb-like word inside the thing's name is no verb.)
        clause.indexOf(verbBefore) < at - 1 &&
        verbBefore.lower !== 'new';
      // "comments on a ticket we've already closed": a verb after a subject of its own tells of
      // the thing, not what happened to it.
      const relative =
        !!verbAfter &&
        !!verbBefore &&
        clause.slice(at + 1, clause.indexOf(verbAfter)).some((w) =>
          [
            'we',
            'i',
            'you',
            'they',
            'he',
            'she',
            // ("raises an alert ... and nobody has acknowledged it": someone else's doing.)
            'nobody',
            'someone',
            'somebody',
            'anyone',
            'anybody',
            'everyone',
          ].includes(w.lower.replace(/'.*$/, '')),
        );
      const verb = describing || relative ? verbBefore : (verbAfter ?? verbBefore);
      const isNew = afterNew !== -1;
      // A strong cue with a thing but no verb of ours ("any time a ticket mentions ...") is a
      // new one.
      // ("a conversation mentions cancelling": a message that says something has arrived.)
      const mentioning = clause.some((w) => w.lemma === 'mention' && w.pos === 'VERB');
      // ("when the new roster is out", "after the recording is ready": the state it is in.)
      // ("the recording of our weekly class on Zoom is ready": after what the thing is of.)
      const stateNow = object
        ? clause
            .slice(clause.indexOf(object) + 1)
            .map((w, k, rest) =>
              ['is', 'are', "'s"].includes(w.lower)
                ? STATE_REACHED[rest[k + 1]?.lower ?? '']
                : undefined,
            )
            .find(Boolean)
        : undefined;
      if (!verb && !isNew && !(cue.strong && object) && !(mentioning && object) && !stateNow)
        continue;
      const verbIndex = verb ? clause.indexOf(verb) : -1;
      const afterVerb = verb ? clause[verbIndex + 1] : undefined;
      // ("a 2-star review posted on Trustpilot" is the review: the thing came first.)
      const speaking =
        verb &&
        SPEAKING.has(verb.lemma) &&
        !(object && at < verbIndex) &&
        (!afterVerb ||
          ['to', 'us', 'me', 'in', 'on', 'via', 'through', 'our', 'my'].includes(afterVerb.lower) ||
          // ("DMs the bakery on insta": whom they write to, not a thing of the product's.)
          (!!object && at > verbIndex && !THINGS.has(object.lemma) && !productWord(object)));
      if (speaking) object = undefined;
      if (!object && !speaking) {
        // A pronoun ("a new one") points back at the service's things; the tagger reads some
        // nouns after a product name as verbs ("jenkins build failed").
        // (Not one named earlier as where things are put: "Add buyers to our MailChimp list
        // whenever someone buys on SendOwl" is not news of the list.)
        const service = services.find(
          (s) =>
            s.start <= (clause[clause.length - 1]?.start ?? 0) &&
            !(
              s.start < clause[0]!.start &&
              /\b(?:to|into|onto)\s+(?:our |my |the )?$/i.test(
                text.slice(Math.max(0, s.start - 12), s.start),
              )
            ),
        );
        // ("... land in our Shopify store. Whenever one arrives": not the place they land in.)
        const placeNoun = (k: number) => {
          let n = k - 1;
          if (!inAService(words[n])) return false;
          while (n > 0 && inAService(words[n])) n--;
          if (POSSESSIVES.has(words[n]!.lower) || DETERMINERS.has(words[n]!.lower)) n--;
          return ['in', 'on', 'at', 'into'].includes(words[n]?.lower ?? '');
        };
        const next = service ? words.find((w) => w.start >= service.end) : undefined;
        if (
          next &&
          // (Not the order after the clause: "whenever I publish on substack make a thread".)
          !(stop !== -1 && next.start >= scope[stop]!.start && afterPlace(scope, stop)) &&
          !placeNoun(words.indexOf(next)) &&
          (isObject(next) ||
            (next.pos === 'VERB' && next !== verb && next.known && !ASKING.has(next.lower)))
        )
          object = next;
        // "... tickets in Gorgias. When one of those arrives": the thing named last before.
        if (!object && pointsBack) {
          // ("Assign leads ... whenever a new one lands": a plural after the request's verb is
          // its thing, though the tagger reads a verb.)
          object = words
            .slice(0, cue.index)
            .filter(
              (w, k) =>
                w.sentence >= sentence - 1 &&
                !placeNoun(words.indexOf(w)) &&
                ((productWord(w) &&
                  (w.pos === 'NOUN' ||
                    (w.pos === 'VERB' && /s$/.test(w.lower) && words[k - 1]?.pos === 'VERB'))) ||
                  // ("Invoices from suppliers land in my Outlook. Whenever one arrives": a
                  // sentence's first word, capitalised, is a thing the tagger took for a name.)
                  (w.pos === 'PROPN' &&
                    words[k - 1]?.sentence !== w.sentence &&
                    productWord({ ...w, lemma: singularOf(w.lower) }))),
            )
            .map((w) =>
              w.pos === 'PROPN' ? { ...w, pos: 'NOUN' as const, lemma: singularOf(w.lower) } : w,
            )
            .at(-1);
        }
      }
      // ("if any of them goes over 85%", "if the queue gets above 200": a figure crossing a line,
      // said with a weak cue, is a condition on what is watched, not something happening.)
      if (!cue.strong && verb && crossesLine(clause, verbIndex)) continue;
      // ("someone buys from my Etsy shop", "a donor gives through our page": a verb with no thing
      // of its own, then where it happened; the place is not what was made. A reply is told by
      // what it is in: "replies on the ticket".)
      const placeOnly =
        !!object &&
        !!verb &&
        !['reply', 'respond'].includes(verb.lemma) &&
        clause.indexOf(object) > verbIndex &&
        ['from', 'on', 'in', 'at', 'through', 'via'].includes(clause[verbIndex + 1]?.lower ?? '');
      const madeByVerb = verb && (!object || placeOnly) ? VERB_THINGS[verb.lemma] : undefined;
      // ("fills in our 'share your stay' Typeform", "submits the Google Form": a form product
      // named in the clause is what is filled in.)
      const formNamed = services.some(
        (sv) =>
          /form|survey/i.test(sv.name) &&
          sv.start >= clause[0]!.start &&
          sv.end <= clause[clause.length - 1]!.end,
      );
      const formFilled =
        (object?.lemma === 'form' || (!object && formNamed)) &&
        verb &&
        ['fill', 'submit', 'complete', 'answer'].includes(verb.lemma);
      // ("chargebee cancellation ->": a happening named by its noun, of the service's own thing.)
      const bareHappening = !object && !!verb && !!NOMINAL[verb.lower];
      if (
        !object &&
        !speaking &&
        !(verb && VERB_OBJECTS[verb.lemma]) &&
        !madeByVerb &&
        !formFilled &&
        !bareHappening
      )
        continue;
      // "pull request", "expense report": the thing is the whole compound.
      // A noun in -ing is its own thing, not its verb's ("booking", "listing", "meeting"); a
      // misspelt thing is the thing ("custmer", "deploymnet").
      const nounOf = (w: Word) =>
        /ings?$/.test(w.lower) && w.lemma !== w.lower
          ? w.lower.replace(/s$/, '')
          : w.known
            ? w.lemma
            : (spelledThing(w.lower) ?? w.lemma);
      const compound = (w: Word): string => {
        const next = clause[clause.indexOf(w) + 1];
        // "English entries": a language says which, not what.
        if (next && isLanguage(w.value) && next.pos === 'NOUN') return compound(next);
        // "a new buyer lead comes in": the tagger may read the head noun as a verb.
        // ("a new wedding lead lands in": and the verb after it for a noun.)
        const after = clause[clause.indexOf(next!) + 1];
        const headNoun =
          next?.pos === 'VERB' &&
          productWord(next) &&
          (['VERB', 'AUX'].includes(after?.pos ?? '') ||
            (after?.pos === 'NOUN' && /s$/.test(after.lower) && ARRIVING.has(after.lemma)));
        return next &&
          (next.pos === 'NOUN' || headNoun) &&
          !inAName(next) &&
          !OBJECT_STOP.has(next.lemma) &&
          !['stage', 'status', 'trip', 'field'].includes(next.lemma) &&
          next !== verb
          ? `${nounOf(w)}_${nounOf(next)}`
          : nounOf(w);
      };
      // "finishes deploying the api service": what finishes is the deploy.
      const gerund =
        verb &&
        ['finish', 'complete', 'start', 'stop', 'fail', 'begin', 'end'].includes(verb.lemma) &&
        afterVerb?.pos === 'VERB' &&
        /ing$/.test(afterVerb.lower)
          ? afterVerb.lemma
          : undefined;
      // ("someone comments on my video": what appears is a comment, whatever it is on.)
      const commentOn = verb?.lemma === 'comment' && clause[verbIndex + 1]?.lower === 'on';
      const lemma = bareHappening
        ? ''
        : commentOn
          ? 'comment'
          : gerund
            ? gerund
            : speaking
              ? 'message'
              : madeByVerb
                ? madeByVerb
                : formFilled
                  ? 'response'
                  : verb &&
                      VERB_OBJECTS[verb.lemma] &&
                      // ("books an appointment": a thing products send news of names itself.)
                      (!object ||
                        (clause.indexOf(object) > verbIndex &&
                          !THINGS.has(object.lemma) &&
                          // ("cancels a showing": what is cancelled, named, is the thing.)
                          verb.lemma !== 'cancel'))
                    ? // ("a patient cancels": a patient's booking is an appointment.)
                      verb.lemma === 'cancel' &&
                      clause
                        .slice(0, verbIndex)
                        .some((w) => ['patient', 'client'].includes(w.lemma))
                      ? 'appointment'
                      : VERB_OBJECTS[verb.lemma]!
                    : compound(object!).replace(/[^a-z0-9_]+/g, '_');
      // An e-mail that arrives is a message received; one that bounces stays an e-mail.
      const objectName =
        ['email', 'mail'].includes(lemma) && verb && ACTIONS[verb.lemma] !== 'created'
          ? 'email'
          : (OBJECT_NAMES[lemma] ?? lemma);
      // "each failed quality gate", "every merged PR": with no verb, the participle naming the
      // thing is the happening.
      const participle = object && !verb ? clause[clause.indexOf(object) - 1] : undefined;
      const named =
        participle &&
        (/(?:ed|en)$/.test(participle.lower) || IRREGULAR[participle.lower]) &&
        !sameAction(ACTIONS[participle.lemma] ?? '', 'created')
          ? ACTIONS[participle.lemma]
          : undefined;
      let action = commentOn ? 'created' : verb ? ACTIONS[verb.lemma]! : (named ?? 'created');
      // "a client pays" is a payment made; "fully signed", "comes back" are done.
      // ("pays successfully" is done.)
      // (What is published is published: "when I publish on Hashnode".)
      if (
        madeByVerb &&
        !/^success/.test(clause[verbIndex + 1]?.lower ?? '') &&
        ACTIONS[verb!.lemma] !== 'published'
      )
        action = 'created';
      if (verb && clause[verbIndex - 1]?.lower === 'fully') action = 'completed';
      // "signs their contract", "all parties have signed": a signed agreement is completed.
      if (
        verb?.lemma === 'sign' &&
        clause[verbIndex + 1]?.lower !== 'up' &&
        (SIGNED.test(lemma) ||
          clause
            .slice(Math.max(0, verbIndex - 4), verbIndex)
            .some((w) => ['all', 'everyone', 'both'].includes(w.lower)))
      )
        action = 'completed';
      // "a customer writes back": a reply.
      if (
        verb &&
        ['write', 'message', 'text', 'email', 'mail'].includes(verb.lemma) &&
        clause[verbIndex + 1]?.lower === 'back'
      )
        action = 'replied';
      // ("a background check comes back"; a survey that comes back is a response, as it was.)
      if (
        verb?.lemma === 'come' &&
        clause[verbIndex + 1]?.lower === 'back' &&
        !/(?:survey|form|response|questionnaire)$/.test(lemma)
      )
        action = 'completed';
      // ("a new Django release comes out", "the issue goes out": it is published.)
      if (
        verb &&
        ['come', 'go'].includes(verb.lemma) &&
        clause[verbIndex + 1]?.lower === 'out' &&
        !/(?:survey|form|response|questionnaire)$/.test(lemma)
      )
        action = 'published';
      if (!verb && stateNow) action = stateNow;
      // "goes red", "turns green", "goes live": the state it goes into is the happening.
      // ... also "goes into a failing state", "switches to red".
      const intoState =
        verb && ['go', 'turn', 'switch', 'move'].includes(verb.lemma)
          ? words
              .slice(words.indexOf(verb) + 1, words.indexOf(verb) + 5)
              .find((w) => !['into', 'to', 'a', 'an', 'the'].includes(w.lower))
          : undefined;
      // "gets marked complete", "is marked as paid": the state it is marked with.
      const marked =
        verb?.lemma === 'mark'
          ? clause.slice(verbIndex + 1, verbIndex + 3).find((w) => w.lower !== 'as')
          : undefined;
      if (marked && /^(?:complete|completed|done|finished)$/.test(marked.lower))
        action = 'completed';
      // "reports the site is down": the state a service reports is the happening.
      const reported =
        verb?.lemma === 'report'
          ? clause
              .slice(verbIndex + 1, verbIndex + 7)
              .find(
                (w, k, run) =>
                  STATES[w.lower] && ['is', 'are', "'s"].includes(run[k - 1]?.lower ?? ''),
              )
          : undefined;
      if (reported) action = STATES[reported.lower]!;
      // "a new email hits our support@ gmail", "an order hits the queue": it arrives somewhere
      // (where "a deal hits Closed Won" is a change, and "hits 1,000" a figure).
      if (verb?.lemma === 'hit') {
        const where: Word[] = [];
        for (const w of clause.slice(verbIndex + 1, verbIndex + 6)) {
          if (w.pos === 'ADP' || where.length === 3) break;
          if (!DETERMINERS.has(w.lower) && !POSSESSIVES.has(w.lower)) where.push(w);
        }
        if (where.some(inAService) || where.some((w) => HIT_PLACES.has(w.lemma)))
          action = 'created';
      }
      const state = verb && ['go', 'turn'].includes(verb.lemma) ? clause[verbIndex + 1] : undefined;
      if (state && STATES[state.lower]) action = STATES[state.lower]!;
      else if (intoState && STATES[intoState.lower]) action = STATES[intoState.lower]!;
      else if (intoState && ACTIONS[intoState.lower.replace(/ing$/, '')] === 'failed')
        action = 'failed';
      const got =
        verb && ['get', 'receive'].includes(verb.lemma)
          ? clause.slice(verbIndex + 1, verbIndex + 3)
          : [];
      if (got.some((w) => REPLIES.has(w.lemma)) && object && clause.indexOf(object) < verbIndex) {
        action = 'replied';
      }
      // "the recording is ready", "the export is done": finished.
      // (Not what someone asks about: "texts us asking if their car is ready".)
      const ready =
        /\b(?:is|are|gets|becomes)\s+(?:ready|available|done|finished|complete)\b/i.exec(
          text.slice(clause[0]!.start, clause[clause.length - 1]!.end),
        );
      if (
        action === 'created' &&
        ready &&
        !/\b(?:if|whether|ask\w*|wondering)\b/i.test(
          text.slice(clause[0]!.start, clause[0]!.start + ready.index),
        )
      )
        action = 'completed';
      // "a ticket gets the 'refund' tag", "receives a new assignee": a change to the thing.
      const gotWhat =
        verb && ['get', 'receive'].includes(verb.lemma)
          ? clause.slice(verbIndex + 1, verbIndex + 6)
          : [];
      if (
        gotWhat.some((w) => ATTRIBUTES.has(w.lemma)) &&
        object &&
        clause.indexOf(object) < verbIndex
      )
        action = 'updated';
      if (action === 'created' && (MESSAGES.has(lemma) || objectName === 'message'))
        action = 'received';
      const from = clause[0]!.start;
      const to = clause[clause.length - 1]!.end;
      // Where the news comes from, not where it goes: "each new article to LinkedIn" is not an
      // event of LinkedIn, and a feed or a page is watched by the clock, not by an event.
      const destination = (
        s: ServiceSpan,
        pattern = /\b(?:to|into|onto|in #\S+ (?:on|in))\s+(?:our |my |the )?(?:[\w.-]+(?:,\s*|\s+and\s+|\s+or\s+))*$/i,
      ) => pattern.test(text.slice(Math.max(0, s.start - 24), s.start));
      const sentenceStart = words.find((w) => w.sentence === sentence)!.start;
      // (Not where the clause names the service the thing comes from: "a Chatwoot conversation
      // opened from the website widget".)
      if (
        builtinsIn(sentenceStart, to) &&
        !outside.some((s) => s.start >= from && s.end <= to && builtinsIn(s.end, to))
      )
        continue;
      // Which service: one named in the clause ("each new article to LinkedIn", after a verb of
      // sending, is where news goes, not where it comes from); else the nearest named before it
      // ("customers post on Canny. Each new post: ..."); else one named just after the clause and
      // not as a destination; else the only one.
      const cueWord = words[cue.index - 1];
      const sending = cueWord && SENDING_VERBS.has(cueWord.lemma);
      // A service named earlier as where something is shared ("share new posts on X and LinkedIn
      // as soon as they're published") is not where the news comes from.
      const sentenceText = text.slice(words.find((w) => w.sentence === sentence)!.start, from);
      const sharedTo = (s: ServiceSpan) =>
        destination(
          s,
          /\b(?:on|to|into|in)\s+(?:our |my |the )?(?:[\w.-]+(?:,\s*|\s+and\s+|\s+or\s+))*$/i,
        ) && [...SENDING_VERBS].some((verb) => new RegExp(`\\b${verb}`, 'i').test(sentenceText));
      // Of the services named before, the nearest that can have the thing: one whose events (or,
      // declaring none, whose own words) name it, or one the catalog does not know ("we use
      // NexHealth for scheduling. Our waitlist lives in a google sheet. When a patient cancels
      // their appointment": not a sheet's row).
      const earlier = [...outside].reverse().filter((s) => s.end <= from && !sharedTo(s));
      const canHave = (sv: ServiceSpan) => {
        if (!integrationById(sv.id)) return true;
        const head = objectName.split('_').pop()!;
        return [objectName, head, ...(OBJECT_SYNONYMS[head] ?? [])].some((w) => hasThing(sv.id, w));
      };
      const before = earlier.find(canHave) ?? earlier[0];
      // A service heading the line ("intercom - on each new convo ...") is where news comes from.
      const heading = outside.find((s) => {
        const at = words.findIndex((x) => x.start === s.start);
        const after = words.findIndex((x) => x.start >= s.end);
        return (
          at !== -1 &&
          words[at]!.sentence === sentence &&
          (at === 0 || words[at - 1]!.sentence !== sentence) &&
          /^(?::|-)$/.test(words[after]?.value ?? '') &&
          s.end <= from
        );
      });
      // A service named in an aside ("(they're listed in our Airtable)") is not the clause's.
      const aside = (sv: ServiceSpan) => {
        const open = text.lastIndexOf('(', sv.start);
        return open >= from && open < sv.start && text.indexOf(')', open) > sv.start;
      };
      const inClause = outside.find(
        (s) => s.start >= from && s.start < to && !aside(s) && !(sending && destination(s)),
      );
      // ... where it happens, right after what happened ("lands in Lofty").
      const placeOfEvent =
        inClause &&
        verb &&
        inClause.start > verb.end &&
        /^\s+(?:in|on|at|from|via|through)\s+(?:our |my |the )?$/i.test(
          text.slice(verb.end, inClause.start),
        )
          ? inClause
          : undefined;
      // ("every new lead from our Facebook ads arrives in DealerSocket": where it arrives, over
      // where it came from.)
      const arrivedIn =
        verb && ['arrive', 'land', 'appear', 'show', 'pop'].includes(verb.lemma)
          ? outside.find(
              (s) =>
                s.start > verb.end &&
                s.start < to &&
                !aside(s) &&
                /^\s+(?:up\s+)?(?:in|into|on)\s+(?:our |my |the )?$/i.test(
                  text.slice(verb.end, s.start),
                ),
            )
          : undefined;
      let service =
        heading ??
        // "when one of those arrives, look it up in ShipStation": the one named before, unless the
        // clause names its own ("whenever a new one lands in Lofty").
        (pointsBack ? (placeOfEvent ?? before) : undefined) ??
        arrivedIn ??
        inClause ??
        before ??
        outside.find((s) => s.start > to && s.start < to + 40 && !destination(s)) ??
        // "if a PR is closed w/o merging, ... save it in our notion db": the thing's own service.
        implied.find((s) => s.start >= from && s.start < to) ??
        // The only service named, unless it is only where results go ("... paste the log into
        // mattermost").
        (new Set(outside.map((s) => s.id)).size === 1 &&
        !(outside[0]!.start >= to && destination(outside[0]!))
          ? outside[0]!
          : null);
      if (!service) continue;
      // ("dependabot opens PR": a thing the service sends no news of, which a service the clause's
      // words imply does, is that service's: the pull request is GitHub's.)
      if (integrationById(service.id)?.events.length && !canHave(service)) {
        const named = service;
        service =
          implied.find(
            (s) =>
              s.start >= from &&
              s.start < to &&
              s.id !== named.id &&
              !!integrationById(s.id)?.events.length &&
              canHave(s),
          ) ?? service;
      }
      const declared = integrationById(service.id)?.events ?? [];
      // Whatever is filled in or submitted on a form tool is a response ("a permission slip is
      // submitted through Microsoft Forms"); handing in work is a submission; a reply is news of
      // the thing replied to.
      // ("a new inquiry in HoneyBook": a service that declares no messages keeps the user's word.)
      let thing =
        !declared.length && ['inquiry', 'enquiry'].includes(lemma) ? 'inquiry' : objectName;
      // ("drops a finished video into the 'Final' folder", "a PDF lands in the Receipts folder"):
      // what is put in a folder is a file, whatever it holds.
      if (FILE_KINDS.has(singularOf(thing)) && clause.some((w) => w.lemma === 'folder'))
        thing = 'file';
      const handedIn =
        verb && ['turn', 'hand'].includes(verb.lemma) && clause[verbIndex + 1]?.lower === 'in';
      // (... and so is a survey or a form filled in anywhere: "fills in the post-dinner survey on
      // Tock".)
      const filledIn =
        !!verb &&
        ['fill', 'complete', 'submit', 'answer'].includes(verb.lemma) &&
        /(?:^|_)(?:survey|form|questionnaire|quiz|poll)$/.test(thing);
      if (
        (/form/i.test(service.name) || filledIn) &&
        // ("somebody signs up" on a form: a response to it.)
        ((verb &&
          ['fill', 'submit', 'complete', 'answer', 'send', 'register'].includes(verb.lemma)) ||
          // ("each time one comes in": a form that arrives is a response to it.)
          (thing === 'form' && sameAction(action, 'created')))
      ) {
        thing = 'response';
        action = 'created';
      } else if (handedIn) {
        thing = 'submission';
        action = 'created';
      }
      const actionOf = (e: (typeof declared)[number]) => e.id.split('.').pop()!;
      // An id without an action ("push") is the thing itself.
      // ("each push to main" in Bitbucket is its `repo.push`: a happening named by its verb is
      // the event of that action.)
      const bare = declared.find(
        (e) =>
          (!e.id.includes('.') && e.id === thing) ||
          (actionOf(e) === thing && VERB_OBJECTS[thing] === thing),
      );
      // ("a blog entry": the head of a compound is the thing when the whole is not declared.)
      const declaredAs = (word: string) =>
        declared.filter((e) => objectsOf(e).includes(word.replace(/s$/, '')));
      const head = thing.split('_').pop()!;
      // ("somebody creates a ticket in Jira": another name of the same thing, in the service's
      // own words.)
      const sameObject =
        [thing, head, ...(OBJECT_SYNONYMS[head] ?? [])]
          .map(declaredAs)
          .find((found) => found.length) ?? [];
      // ("someone replies to our outreach in Instantly": its reply event, whatever was replied to.)
      const replyTo =
        thing === 'reply' || (action === 'replied' && !declaredAs(thing).length)
          ? declared.find((e) => /(?:^|[._])repl/.test(e.id))
          : undefined;
      // The service's own word for the verb first ("fulfilled", "paid"), then the same kind of
      // happening in other words ("submitted" for created).
      const forms = verb ? [verb.lower, verb.lemma, `${verb.lemma}ed`, `${verb.lemma}d`] : [];
      // A service about one kind of thing, with one event for it appearing ("submission.created"
      // of a form tool), has that event for whatever the description calls it ("a complaint").
      const appearing = declared.filter((e) => sameAction(actionOf(e), 'created'));
      // ("an app sync fails" in Argo CD is its `app.sync_failed`: the thing is written into the
      // event's action.)
      const inAction = declared.find((e) => {
        const parts = actionOf(e).split('_');
        const last = parts.at(-1)!;
        return (
          parts.length > 1 &&
          ((parts.slice(0, -1).includes(head) &&
            (forms.includes(last) || sameAction(last, action))) ||
            // ("comments on a ticket": Zendesk's ticket.comment_added, the verb's own noun.)
            (!!verb && parts.slice(0, -1).includes(verb.lemma) && sameAction(last, 'created')))
        );
      });
      // The service's own word for what happened, wherever the clause says it, when the verb
      // read says nothing else: "a Rollbar item reactivates", "every paid order", "Wistia video
      // processed" (of a service about one kind of thing). Not its word for something new
      // ("item.new"), nor two of its words at once ("closed w/o merging").
      const kinds = new Set(declared.map((e) => e.id.slice(0, e.id.lastIndexOf('.'))));
      const ownWord = only(
        (sameObject.length ? sameObject : kinds.size === 1 ? declared : []).filter((e) => {
          // ("hired": "hire"; "processed": "process".)
          const stems = [actionOf(e).replace(/ed$/, ''), actionOf(e).replace(/d$/, '')].filter(
            (stem) => stem.length >= 4,
          );
          return (
            stems.length > 0 &&
            !sameAction(actionOf(e), 'created') &&
            !['new', 'create'].includes(actionOf(e)) &&
            clause.some(
              (w) =>
                !quoted(w) &&
                stems.some((stem) => w.lower.startsWith(stem)) &&
                // (Not the thing's own words: "a new merge request", "every new subscriber".)
                w !== object &&
                !thingWords(e.id).some(
                  (part) => part.replace(/s$/, '') === w.lower.replace(/s$/, ''),
                ) &&
                !thing.split('_').includes(w.lemma),
            )
          );
        }),
      );
      // ("someone comments '/review' on a pull request", "adds a public reply on a Zendesk
      // ticket": a comment on the service's thing is its one comment event.)
      const commented =
        ['comment', 'reply'].includes(thing) || verb?.lemma === 'comment'
          ? only(declared.filter((e) => /comment/.test(e.id)))
          : undefined;
      const match =
        replyTo ??
        commented ??
        bare ??
        sameObject.find((e) => forms.includes(actionOf(e))) ??
        // (A vague verb yields to it too: "marked as hired" is hired.)
        (ownWord && (!verb || sameAction(action, 'created') || sameAction(action, 'updated'))
          ? ownWord
          : undefined) ??
        sameObject.find((e) => sameAction(actionOf(e), action)) ??
        inAction ??
        // ("a GitHub Actions run fails": its run completed, which says how it ended.)
        (['failed', 'completed'].includes(action)
          ? only(sameObject.filter((e) => actionOf(e) === 'completed'))
          : undefined) ??
        (action === 'created' &&
        !sameObject.length &&
        appearing.length === 1 &&
        declared.length <= 2
          ? appearing[0]
          : undefined) ??
        // "every Aircall voicemail" is its one voicemail event; "cancels their Calendly demo" its
        // one cancellation.
        (sameObject.length === 1 &&
        sameAction(action, 'created') &&
        !OTHER_ACTIONS.some((other) => sameAction(actionOf(sameObject[0]!), other))
          ? sameObject[0]
          : undefined) ??
        // "photos uploaded to Drive", "a sermon published on YouTube": whatever a service about one
        // kind of thing calls it, its one event of that kind (file created, video published);
        // but a message that arrives is no reservation made.
        (!sameObject.length &&
        thing !== 'message' &&
        (['cancelled', 'deleted', 'failed'].includes(action) ||
          new Set(declared.map((e) => e.id.slice(0, e.id.lastIndexOf('.')))).size === 1)
          ? only(declared.filter((e) => sameAction(actionOf(e), action)))
          : undefined) ??
        // (Its thing too: "a new file in the folder" is Dropbox's one `file.changed`.)
        (declared.length === 1 &&
        (!sameObject.length || thing === 'file') &&
        thing !== 'message' &&
        sameSide(actionOf(declared[0]!), action)
          ? declared[0]
          : undefined);
      const chosen =
        match ??
        (thing ? undefined : only(declared.filter((e) => sameAction(actionOf(e), action))));
      if (!thing && !chosen) continue;
      return {
        integration: service.id,
        // (A new video, episode or article that appears on a service is one published there.)
        event:
          chosen?.id ??
          `${thing}.${action === 'created' && PUBLISHED_THINGS.has(thing!) ? 'published' : action}`,
        index: words[cue.index]!.start,
        strong: cue.strong,
        clause: text.slice(words[cue.index]!.start, to),
        near: service.start < to,
      };
    }
  }
  return null;
}

import { INTEGRATIONS, integrationById } from '../catalog/index.ts';
import type { Integration } from '../catalog/types.ts';
import { ONE_WORD_NAMES, slipFrom } from './lexicon.ts';
import { brandAt } from './brands.ts';
import { commonWord } from './english-words.ts';
import { givenName } from './given-names.ts';
import { inVocabulary, type Word } from './nlp.ts';
import { largeCityNames } from './places.ts';
import {
  CALENDAR_WORDS,
  editDistance,
  otherScriptLetters,
  quotedSpans,
  serviceKey,
} from './text.ts';
import { SENDING_VERBS } from './verbs.ts';

// Services by the names people give them: a catalog entry's id, name and aliases all lead to it,
// whatever their case, spacing or punctuation ("Cal.com", "cal com", "cal-com").

const BY_KEY = new Map<string, Integration>();
for (const integration of INTEGRATIONS) {
  for (const name of [integration.id, integration.name, ...integration.aliases]) {
    const key = serviceKey(name);
    if (key && !BY_KEY.has(key)) BY_KEY.set(key, integration);
  }
}

/** Whether Spoke can run the integration: it has an MCP server (built-in, npm or remote). */
export const isRunnable = (integration: Integration) => integration.provider.kind !== 'none';

export type ResolvedService = {
  integration: Integration;
  runnable: boolean;
  builtin: boolean;
};

/** The catalog entry a service name or id stands for, or null when the catalog has none. */
export function resolveService(name: string): ResolvedService | null {
  const integration = BY_KEY.get(serviceKey(name));
  if (!integration) return null;
  return {
    integration,
    runnable: isRunnable(integration),
    builtin: integration.provider.kind === 'builtin',
  };
}

/** A domain's ending, which some write and some leave out: "Booking.com", "booking-com", "booking". */
const DOMAIN_END =
  /\.(?:com|io|so|ai|app|dev|co|me|ly|sh|to|fm)$|-(?:com|io|so|ai|co|me|ly|sh|to|fm)$/i;

/** The kind of product some write after its name and some leave out: "Capsule CRM", "Capsule". */
const KIND_END = /[\s-](?:crm|cms|erp|lms|ats|hris|pos|hq|app)$/i;

/**
 * Whether two names or ids stand for the same service: "Capsule CRM" and "capsule", "Judge.me"
 * and "judge-me", "Trade Me" and "trade-me" (whose "-me" is part of the name, not a domain's end).
 */
export function sameService(a: string, b: string): boolean {
  const key = (name: string, bare: boolean) =>
    resolveService(name)?.integration.id ??
    serviceKey(bare ? name.replace(DOMAIN_END, '').replace(KIND_END, '') : name);
  return key(a, true) === key(b, true) || key(a, false) === key(b, false);
}

/** The span of a catalog integration's mention in the description. */
export function spanOf(mention: { id: string; start: number; end: number }): ServiceSpan {
  return {
    id: mention.id,
    name: resolveService(mention.id)?.integration.name ?? mention.id,
    start: mention.start,
    end: mention.end,
    known: true,
  };
}

/** A service named in the description, whether or not the catalog knows it. */
export type ServiceSpan = {
  /** Catalog id, or the name's kebab-case for a service the catalog does not know. */
  id: string;
  /** As written (for unknown services) or the catalog's name. */
  name: string;
  start: number;
  end: number;
  known: boolean;
};

const kebab = (name: string) =>
  name
    .toLowerCase()
    // ("Bókun" is bokun.)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(DOMAIN_END, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Words that open a clause, never a name: "When Oh Dear reports ..." names Oh Dear. */
const OPENING = /^(?:when|whenever|if|once|then|and|or|but|so|after|before|every|each|while)\s+/i;

/** A service the catalog does not know, by its name as written and where it stands. */
const unknownSpan = (written: string, at: number, end: number): ServiceSpan => {
  const opening = OPENING.exec(written)?.[0] ?? '';
  const rest = written.slice(opening.length);
  const name = opening && /^\p{Lu}/u.test(rest) ? rest : written;
  const start = at + written.length - name.length;
  return { id: kebab(name), name, start, end, known: false };
};

/** Words before a name that put a product there: "on Trustpilot", "through Crisp". */
const TOOL_BEFORE = new Set([
  'on',
  'via',
  'through',
  'thru',
  'using',
  'into',
  'onto',
  'use',
  'uses',
  // "we self-host Forgejo", "we run Metabase": software people host runs products.
  'host',
  'hosts',
  'install',
  'installed',
]);
/** Words before a name that put a product there only when a product word follows or "our" comes. */
const TOOL_BEFORE_WEAK = new Set(['in', 'to', 'from', 'with', 'our', 'my', 'the', 'at']);
/** Nouns after a name that make it a product: "Crisp inbox", "Tally form", "Beehiiv newsletter". */
const TOOL_AFTER = new Set(
  `account accounts workspace channel inbox app api integration crm bot dashboard form forms
  campaign campaigns newsletter subscribers webhook audience survey surveys responses submissions
  tickets reviews listings listing bookings chats conversations messages workflows pipeline
  announcement announcements posts notification notifications store shop`.split(/\s+/),
);
/**
 * The things services send news about, from the catalog's own events ("payment" of
 * `payment.failed`, "build" of `build.finished`) and a few every product has: after a name
 * ("a Mollie payment", "Checkly check failed") they make it a product.
 */
export const THINGS: ReadonlySet<string> = new Set([
  ...INTEGRATIONS.flatMap((integration) =>
    integration.events.flatMap((event) => {
      const parts = event.id.split('.');
      parts.pop();
      return parts.flatMap((part) => part.split('_'));
    }),
  ).filter((word) => word.length > 2),
  ...`payment refund invoice subscription order ticket review conversation build deploy deployment
  check incident alert episode video lead deal contact message post release issue task card record
  entry file document contract envelope submission response booking appointment job run pipeline
  monitor error crash signup mail email donation sub answer reply finding star rating voicemail
  shipment`.split(/\s+/),
]);
const NOT_THINGS = new Set([
  'app',
  'user',
  'team',
  'time',
  'event',
  'customer',
  'person',
  'member',
  'test',
]);
/** Whether a word after a name makes it a product: "Crisp inbox", "a Mollie payment". */
export const productWord = (w: Word | undefined) =>
  !!w &&
  (TOOL_AFTER.has(w.lower) ||
    TOOL_AFTER.has(w.lemma) ||
    (THINGS.has(w.lemma) && !NOT_THINGS.has(w.lemma)) ||
    // ("a bad nicereply rating": a noun the tagger took for a verb.)
    (THINGS.has(w.lower) && !NOT_THINGS.has(w.lower) && !NOT_THINGS.has(w.lemma)));
/** What follows the name at the head of a line: "Tripadvisor - new review ->", "Front: new ...". */
const HEADLINE_MARK = /^(?::|-|->|=>|\u2192|\u2014|\u2013)$/;

/** "Honeybadger reports", "GitGuardian detects": a name no dictionary knows, reporting news. */
const reports = (w: Word | undefined) =>
  !!w && (w.lower === 'new' || (REPORTING.has(w.lemma) && w.lower.endsWith('s')));

/**
 * A word, then capitals, or digits inside: "LinearB", "TalentLMS", "Route4Me" (not a version at
 * the end, "Ubuntu20", "Node22").
 */
const BRAND_SHAPE = /^[A-Z][a-z]{3,}(?:[A-Z]{1,4}|\d+[A-Za-z]+)$/;
/**
 * Words of code, not products: a word in backticks (`blogPost`), a build file ("Dockerfile",
 * "Jenkinsfile"), a repository's own files ("CHANGELOG", "CODEOWNERS") and the states and kinds
 * Kubernetes names in one word ("CrashLoopBackOff", "ConfigMap").
 */
const codeWord = (w: Word, text: string) =>
  (text[w.start - 1] === '`' && text[w.end] === '`') ||
  /^[A-Z][a-z]+file$/.test(w.value) ||
  // ("our ReadMe changelog": with a capital inside, the product.)
  (REPOSITORY_FILES.has(w.lower) && !/^[A-Z][a-z]+[A-Z]/.test(w.value)) ||
  KUBERNETES_WORDS.has(w.lower);
const REPOSITORY_FILES = new Set(
  'readme changelog codeowners contributing license licence todo fixme'.split(' '),
);
const KUBERNETES_WORDS = new Set(
  `crashloopbackoff imagepullbackoff errimagepull oomkilled configmap statefulset daemonset
  replicaset cronjob containercreating`.split(/\s+/),
);
/** Verbs of a product calling the agent: "Northflank will hit your URL", "Mergify will call". */
const CALLING = new Set('call hit ping post send notify trigger fire push'.split(' '));
/**
 * "will call this agent's URL", "can ping the webhook": a product saying it will call the agent,
 * from the word at `at` ("Sarah will send you a list" is a person's doing).
 */
const willCall = (words: readonly Word[], from: number): boolean => {
  let at = from;
  // ("Dokku on our VPS will call this agent": where it runs may stand between.)
  if (['on', 'in', 'at'].includes(words[at]?.lower ?? '')) {
    const verb = words
      .slice(at + 1, at + 5)
      .findIndex((w) => ['will', 'can', 'would', 'should'].includes(w.lower) || w.pos === 'VERB');
    if (verb < 1) return false;
    at += verb + 1;
  }
  // ("Supermetrics pushes a JSON export to this agent": the verb said of it now, too.)
  const modal = ['will', 'can', 'would', 'should'].includes(words[at]?.lower ?? '');
  const verb = modal ? at + 1 : at;
  const calls =
    CALLING.has(words[verb]?.lemma ?? '') &&
    (modal || (words[verb]!.lower !== words[verb]!.lemma && /s$/.test(words[verb]!.lower)));
  return (
    calls &&
    words[verb]!.sentence === words[from]!.sentence &&
    // ("will POST /new-hire to you": a path after the verb is an address called.)
    ((words[verb + 1]?.value === '/' && words[verb + 1]!.start === words[verb]!.end + 1) ||
      words
        .slice(verb + 1, verb + 9)
        .some(
          (w) =>
            w.sentence === words[verb]!.sentence &&
            /^(?:url|urls|webhook|webhooks|endpoint|hook|agent)$/.test(w.lower),
        ))
  );
};
/** Kinds of product written after a product's name: "Capsule CRM", "Plastic SCM". */
const PRODUCT_KIND = /^(?:CRM|CMS|ERP|LMS|ATS|HRIS|POS|SCM|WMS|TMS|PMS|DMS|MES|EHR|EMR|LIMS)$/;

/**
 * Nouns after a capitalised word that make it a label of a thing inside a product: "Blog
 * database", "the Spring board", "the Harbor list".
 */
export const LABELLED: ReadonlySet<string> = new Set(
  `folder folders database databases board boards page pages list lists column columns stage stages
  tab tabs sheet channel team project projects space spaces table tables view section
  status label tag base bases doc document workspace repo repository plan plans tier tiers album
  albums playlist playlists`.split(/\s+/),
);
/** Words before "to X" that make X a stage or a status: "move the deal to Closed Won". */
const STAGE_WORDS = new Set([
  'stage',
  'status',
  'move',
  'set',
  'change',
  'mark',
  'switch',
  'column',
  'state',
  // ("bump it to Highest", "flips to Stuck", "update the incident to Identified", "sitting in
  // Pending": a priority or a state.)
  'bump',
  'flip',
  'update',
  'priority',
  'sit',
]);

/** The English names the runtime gives the two-letter codes of a kind: regions, languages. */
function namesOfCodes(type: 'region' | 'language'): string[] {
  const display = new Intl.DisplayNames(['en'], { type });
  const names: string[] = [];
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      try {
        const name = display.of(type === 'region' ? code.toUpperCase() : code);
        if (name && name.toLowerCase() !== code) names.push(name);
      } catch {
        // Not a code of this kind.
      }
    }
  }
  return names;
}

let languages: ReadonlySet<string> | null = null;

/**
 * A language or a people's adjective ("Spanish", "Portuguese", "Brazilian"): every language the
 * runtime can name, and words of their shape ("-ish", "-ese", "-ian", "-an"), not every word in
 * "-ic" ("Semantic Scholar", "Atlantic").
 */
export function isLanguage(word: string): boolean {
  languages ??= new Set(namesOfCodes('language').filter((name) => !/\s/.test(name)));
  // Beyond the runtime's list, peoples and their tongues by their endings ("British", "Bavarian",
  // "Mexican", "Kenyan", "European"), not English words that only end so: "Jellyfish", "Publish",
  // "Plan", "Ocean", "Urban".
  return (
    languages.has(word) ||
    /^[A-Z][a-z]+(?:[tw]ish|ese|ian|can|yan|xan)$/.test(word) ||
    /^[A-Z][a-z]{3,}ean$/.test(word)
  );
}

/** Where people say where things are kept: "in Clio", "from Zillow", "to NetDocuments". */
const PLACE_PREPS = new Set([
  'in',
  'from',
  'to',
  'into',
  'at',
  'with',
  'on',
  'via',
  'through',
  'using',
]);

/** Words before "in X" that make X a place or a person rather than a product. */
const PLACE_OR_PERSON = new Set(
  `weather forecast temperature office city country locate stay trip travel flight hotel
  restaurant apartment flat rent vacation holiday visit near branch timezone born meet lunch dinner
  coffee conference university hospital colleague friend mom dad wife husband boss route walk
  walking tour drive`.split(/\s+/),
);
/** Verbs of taking data out of a tool: "pull ... from", "export ... from". */
const FETCHING = new Set(
  'pull fetch grab export import download sync load collect extract scrape'.split(' '),
);
/** Verbs of tools reporting news, after a name that is their subject: "Honeybadger reports". */
const REPORTING = new Set(
  `report raise detect flag fire alert send notify trigger log record find open create post catch
  spot see get say`.split(/\s+/),
);
/** What a product holds: "my proxmox node", "our truenas pool", "the kaggle dataset". */
/** Verbs of putting things somewhere, after which "to" says where: "add to toshl". */
const PUTTING = new Set(
  'add log save post send push upload export sync copy move forward'.split(' '),
);
const HELD = new Set(
  `node nodes pool pools instance instances cluster clusters server servers project projects dataset
  datasets vault vaults account accounts workspace workspaces dashboard dashboards bucket buckets
  host hosts vm vms box boxes repo repos org site sites portal app apps profile`.split(/\s+/),
);
/** Words that open a noun phrase: "a", "the", "every", ... */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'each',
  'every',
  'any',
  'this',
  'that',
]);
/** Words of time a name can stand before: "meeting Brightwave tomorrow". */
const WHEN_WORDS = new Set(
  'today tomorrow tonight yesterday morning afternoon evening night week weekend month year'.split(
    ' ',
  ),
);
/** A version of a language or a platform: "Python3", "Node22", "Windows11". */
const version = (w: Word) => {
  const letters = /^([A-Za-z]{3,})\d+$/.exec(w.value)?.[1]?.toLowerCase();
  return !!letters && TECHNOLOGY.has(letters);
};

/** Languages and platforms code is written for, not services: "our Python repos". */
const TECHNOLOGY = new Set(
  `python java javascript typescript ruby rust kotlin swift php perl scala elixir haskell android
  ios linux windows macos django rails laravel react vue angular node deno spring flutter unity
  ubuntu debian centos fedora dotnet golang cron crontab systemd bash powershell`.split(/\s+/),
);
/** Verbs that address a person: "send it to Priya". */
const ADDRESSING = new Set(
  `send email mail forward give tell message text introduce assign reply write say show hand
  escalate reassign delegate`.split(/\s+/),
);
/**
 * Places, which stand where products do ("in Germany", "from Leeds"): every country and region
 * the runtime can name, every city of the time-zone database and every city of 100,000 people,
 * the continents, and the US states.
 */
let places: ReadonlySet<string> | null = null;

/** Built on first use (about 50 ms): a server that never compiles never pays for it. */
function placeNames(): ReadonlySet<string> {
  if (places) return places;
  const names = new Set(namesOfCodes('region').map(serviceKey));
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    for (const part of zone.split('/')) names.add(serviceKey(part.replace(/_/g, ' ')));
  }
  for (const name of largeCityNames()) names.add(serviceKey(name));
  for (const name of `Europe Asia Africa America Americas Australia Oceania Antarctica Alabama Alaska
    Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois
    Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota
    Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas
    Utah Vermont Virginia Washington Wisconsin Wyoming`.split(/\s+/))
    names.add(serviceKey(name));
  places = names;
  return names;
}

/** Kinds of tool a name in brackets can be: "our helpdesk (Kayako)". */
const KINDS = new Set(
  `helpdesk crm erp pim cms lms ats hris pos tool app platform system software provider service
  inbox store shop`.split(/\s+/),
);

/** Words before a name that say where things are kept or whose they are. */
const KEPT_IN = new Set(['in', 'on', 'from', 'into']);

/** A word the dictionary knows, or its plural; short ones only when they make compounds ("up"). */
const englishPart = (part: string) =>
  (part.length >= 3 || PARTICLES.has(part)) &&
  (inVocabulary(part) || (part.endsWith('s') && inVocabulary(part.slice(0, -1))));
/** Whether the word splits into two English words that `accept` takes together. */
const splits = (word: string, accept: (first: string, second: string) => boolean = () => true) => {
  for (let at = 2; at <= word.length - 2; at++) {
    const [first, second] = [word.slice(0, at), word.slice(at)];
    if (englishPart(first) && englishPart(second) && accept(first, second)) return true;
  }
  return false;
};
/** "backend", "signup", "onboarding": a word made of two English words. */
const twoWords = (word: string) => splits(word);
/** Short words that make compounds of jargon: "signup", "onboarding", "backend". */
const PARTICLES = new Set(['up', 'on', 'in', 'out', 'off']);
/**
 * Words that make the compounds of everyday jargon ("signup", "backend", "changelog",
 * "timestamps", "codebase"), unlike the made-up pairs of brands ("statuscake", "papertrail").
 */
const JARGON_PARTS = new Set(
  `up on in out off back end front sign log line time stamp code base data set web hook book list
  down over sub self real chat drop wish tag site map key word work run load shot page flow bot plug
  board screen file folder box pass user name boarding`.split(/\s+/),
);
/**
 * A plural of something ("subfolders", "webhooks"): ends in -s after a word or a compound of two
 * ("pexels", "truenas" are names).
 */
const plural = (word: string) => {
  if (!word.endsWith('s')) return false;
  const single = word.replace(/e?s$/, '');
  return inVocabulary(single) || inVocabulary(word.slice(0, -1)) || twoWords(word.slice(0, -1));
};
/** A noun made of a verb and a particle: "standup", "signup", "checkout", "rollout". */
const phrasalNoun = (word: string) => splits(word, (_, second) => PARTICLES.has(second));
/** A compound of jargon: two English words, one of them a jargon part. */
const jargon = (word: string) => {
  const part = (p: string) => JARGON_PARTS.has(p) || JARGON_PARTS.has(p.replace(/s$/, ''));
  return splits(word, (first, second) => part(first) || part(second));
};

/**
 * A product written in lower case ("okendo", "honeybook", "codeberg"): a word no dictionary
 * knows that does not look typed at random.
 */
const lowerName = (w: Word) =>
  !w.known &&
  /^[a-z][a-z0-9]{3,}$/.test(w.value) &&
  /[aeiouy]/.test(w.value) &&
  // (Five consonants in a row are a name's, "northflank", "lightspeed"; six are keys hit at random.)
  !/[^aeiouy0-9]{6,}/.test(w.value);

/**
 * Services the catalog does not know, by where they stand: a capitalised name (or one with a
 * digit, "G2", or a domain, "cal.com") after "on", "via", "through", "using", "into", or before a
 * product word ("Crisp inbox"), or after "in/to/from our ..." and the like with one. Cities and
 * people stand in other places ("in Berlin", "to Sarah").
 */
export function findUnknownServices(
  text: string,
  words: readonly Word[],
  named: readonly { start: number; end: number }[],
): ServiceSpan[] {
  const found: ServiceSpan[] = [];
  // A label of several words in quotes ("the 'Smith v. Harlow' review set") names no product,
  // whatever its capitals and marks.
  const labels = quotedSpans(text, true).filter((q) =>
    /^.[^"'\u2019\u201d]{1,60}\s[^"'\u2019\u201d]{1,60}.$/u.test(q.value),
  );
  const taken = [...named, ...labels];
  const free = freeOf(taken);
  // A description written in capitals ("WHEN SOMEONE SUBS ON MY CHANNEL ..."): capitals say nothing.
  const lettered = words.filter((w) => /^[A-Za-z]{2,}$/.test(w.value));
  const shouting = lettered.filter((w) => /^[A-Z]+$/.test(w.value)).length * 2 > lettered.length;
  // "a healthchecks.io check": a domain is a product's name wherever it stands.
  const domainAt = (w: Word) => {
    const at = words.indexOf(w);
    const dot = words[at + 1];
    const tld = words[at + 2];
    return (
      /^[a-z][a-z0-9-]+$/.test(w.value) &&
      dot?.start === w.end &&
      tld?.start === dot.end &&
      // ("booking-com": a domain written with a hyphen, for the endings no word shares.)
      ((dot.value === '.' && /^(?:com|io|so|ai|app|dev|co|me|ly|sh|to|fm)$/.test(tld.value)) ||
        (dot.value === '-' && /^(?:com|io|ai|app|dev)$/.test(tld.value))) &&
      // An address ("acme.com/pricing") is a page, not a product.
      !(words[at + 3]?.value === '/' && words[at + 3]!.start === tld.end)
    );
  };
  const nameLike = (w: Word) =>
    free(w) &&
    // ("comes through I'd like": the speaker.)
    w.value !== 'I' &&
    !CALENDAR_WORDS.has(w.lower.replace(/s$/, '')) &&
    !codeWord(w, text) &&
    (/^[A-Z][A-Za-z0-9]*(?:\.[a-z]{2,4})?$/.test(w.value) ||
      /^[a-z]+[A-Z][A-Za-z0-9]{2,}$/.test(w.value) ||
      /^[a-z]+\.(?:com|io|so|ai|app|dev|to|co|me|ly|sh|fm|tv|cc|xyz)$/.test(w.value) ||
      lowerName(w) ||
      domainAt(w) ||
      /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{2,6}$/.test(w.value)) &&
    !/^\d/.test(w.value) &&
    // (Two to four capitals are an abbreviation, "KPI", unless they spell a word: "LEAP".)
    (!/^[A-Z]{2,4}$/.test(w.value) || (/^[A-Z]{4}$/.test(w.value) && w.known && !shouting)) &&
    !/^[QH][1-4]$/.test(w.value) &&
    // (Priorities and severities: "P1", "S2", "SEV1".)
    !/^(?:[PS]\d|SEV\d)$/i.test(w.value) &&
    !version(w);
  // "via PR Newswire", "in RD Station": an abbreviation opening a name of several words.
  const capsLead = (i: number) =>
    free(words[i]!) &&
    /^[A-Z]{2,4}$/.test(words[i]!.value) &&
    /^[A-Z][a-z]+$/.test(words[i + 1]?.value ?? '') &&
    (TOOL_BEFORE.has(words[i - 1]?.lower ?? '') || PLACE_PREPS.has(words[i - 1]?.lower ?? ''));
  for (let i = 0; i < words.length; i++) {
    const first = words[i]!;
    if (!nameLike(first) && !capsLead(i)) continue;
    const startsSentence = i === 0 || words[i - 1]!.sentence !== first.sentence;
    // A name in lower case only at the head of a line ("okendo review ->", "honeybook new
    // inquiry") or right after "via", "through", "using": elsewhere such a word is more
    // often jargon the dictionary lacks ("repo", "backend").
    // ... or as the last word of "in x." / "on x," with nothing between ("support in chatwoot.").
    // (Not a noun made of a verb and a particle: "mentioned in standup".)
    const bareAfterPrep =
      ['in', 'on', 'from'].includes(words[i - 1]?.lower ?? '') &&
      /^[,.;:!?)]$/.test(words[i + 1]?.value ?? '.') &&
      !(lowerName(first) && phrasalNoun(first.lower));
    // "→ ntfy me the failing step", "then pushover us": a product used as the verb of sending.
    const sentTo =
      lowerName(first) &&
      ['me', 'us'].includes(words[i + 1]?.lower ?? '') &&
      (startsSentence || /^(?:->|=>|\u2192|and|then|,)$/i.test(words[i - 1]?.value ?? ''));
    // "check statuscake which ...", "search papertrail for ...", "check our zammad every 2 hours",
    // "(umami)": a word no dictionary knows that is looked into, or given in brackets, even one
    // made of two words (the looking says it is a place, not jargon).
    const prior = words[i - 1]?.lower ?? '';
    const lookedAt =
      ['check', 'search', 'query', 'open', 'use', 'using'].includes(prior) ||
      (['our', 'my', 'the', 'in'].includes(prior) &&
        ['check', 'search', 'query', 'open', 'use'].includes(words[i - 2]?.lower ?? ''));
    // ("check Quartzy to see", "check Fleetio for vans": a capitalised word no dictionary knows,
    // inside a sentence, is looked into the same way.)
    const coinedCapital = !startsSentence && /^[A-Z][a-z]{3,}$/.test(first.value) && !first.known;
    const lookedInto =
      (lowerName(first) || coinedCapital) &&
      !plural(first.lower) &&
      !jargon(first.lower) &&
      ((lookedAt &&
        (!words[i + 1] ||
          words[i + 1]!.sentence !== first.sentence ||
          ['for', 'which', 'who', 'what', 'whether', 'if', 'and', 'every', 'each', 'to'].includes(
            words[i + 1]!.lower,
          ) ||
          /^[,.;:!?)]$/.test(words[i + 1]!.value))) ||
        (lowerName(first) && prior === '(' && words[i + 1]?.value === ')'));
    // "my proxmox node", "check truenas pool status": a lower-case word no dictionary knows (not
    // jargon) after "my", "our" or a verb of looking, before what a product holds.
    const ownedLower =
      lowerName(first) &&
      !jargon(first.lower) &&
      !plural(first.lower) &&
      words[i + 1]?.sentence === first.sentence &&
      (productWord(words[i + 1]) || HELD.has(words[i + 1]!.lemma)) &&
      // ("last week's zenduty incidents": whose.)
      (['my', 'our', 'their', "'s"].includes(prior) || lookedAt);
    // "from kvcore who", "in buildium with": where things are kept, the name ending its phrase
    // (not a word describing the next one, "in our physio clinic", nor jargon made of two
    // English words, "into subfolders").
    const keptLower =
      lowerName(first) &&
      // ("on our tumblr,": with "our", "my" or "the" between.)
      (KEPT_IN.has(words[i - 1]?.lower ?? '') ||
        (['our', 'my', 'the'].includes(words[i - 1]?.lower ?? '') &&
          KEPT_IN.has(words[i - 2]?.lower ?? '') &&
          !twoWords(first.lower))) &&
      first.value.length >= 5 &&
      !['NOUN', 'PROPN'].includes(words[i + 1]?.pos ?? '') &&
      // ("in utils/parse.ts": a path.)
      !['/', '.'].includes(text[first.end] ?? '') &&
      // ("into subfolders": a plural is jargon's; brands made of two words stay, "in dotloop",
      // but not a noun made of a verb and a particle, "in standup".)
      !/s$/.test(first.lower) &&
      !phrasalNoun(first.lower);
    // "send the text to lokalise for translation", "push it to plausible,": a word no dictionary
    // knows after "to" where something is sent, ending its phrase (a misspelt verb, "to analize
    // the data", has its object after it).
    const sentInto =
      lowerName(first) &&
      prior === 'to' &&
      // ("offering to rebook", "want to resync": after a verb, "to" opens an infinitive; not
      // after a verb of putting somewhere, "add to toshl".)
      (words[i - 2]?.pos !== 'VERB' || PUTTING.has(words[i - 2]!.lemma)) &&
      !/ing$/.test(words[i - 2]?.lower ?? '') &&
      words.slice(Math.max(0, i - 7), i - 1).some((w) => SENDING_VERBS.has(w.lemma)) &&
      !jargon(first.lower) &&
      // (Two English words only right after a verb of putting: "log to seatable".)
      (!twoWords(first.lower) || PUTTING.has(words[i - 2]?.lemma ?? '')) &&
      (!words[i + 1] ||
        words[i + 1]!.sentence !== first.sentence ||
        ['ADP', 'CCONJ', 'PUNCT'].includes(words[i + 1]!.pos));
    // "each new glitchtip error", "new chatwoot conversation": a word no dictionary knows (not
    // jargon, nor two English words) between "new" and a thing products send news of.
    const newsOf =
      lowerName(first) &&
      words[i - 1]?.lower === 'new' &&
      !jargon(first.lower) &&
      !plural(first.lower) &&
      !phrasalNoun(first.lower) &&
      words[i + 1]?.sentence === first.sentence &&
      // ("a new ilert alert": the tagger may take the thing for an adjective.)
      ['NOUN', 'PROPN', 'ADJ'].includes(words[i + 1]!.pos) &&
      productWord(words[i + 1]);
    const domain = domainAt(first);
    // "applies on teamtailor read the cv": after "on", "in", "from", the last word of the clause.
    const endsClause =
      ['on', 'in', 'from', 'into'].includes(words[i - 1]?.lower ?? '') &&
      words[i + 1]?.pos === 'VERB' &&
      words[i + 1]!.lower === words[i + 1]!.lemma;
    // ("helper: dagster run fails", "→ pendo feature": after a colon or an arrow too.)
    const clauseHead =
      startsSentence ||
      words[i - 1]?.value === ':' ||
      (words[i - 1]?.lower === 'then' && words[i - 2]?.value === ',');
    if (
      lowerName(first) &&
      !(
        clauseHead &&
        (productWord(words[i + 1]) ||
          words[i + 1]?.lower === 'new' ||
          HEADLINE_MARK.test(words[i + 1]?.value ?? '') ||
          // ("odoo will call this agent with every order"; not "backend will POST", jargon.)
          (willCall(words, i + 1) && !jargon(first.lower)))
      ) &&
      !['via', 'through', 'thru', 'using'].includes(words[i - 1]?.lower ?? '') &&
      !bareAfterPrep &&
      !domain &&
      !endsClause &&
      // "an okendo review", "every lemlist reply": after a determiner, before a product's thing
      // (not jargon made of two English words: "an onboarding task").
      !(
        DETERMINERS.has(words[i - 1]?.lower ?? '') &&
        productWord(words[i + 1]) &&
        !twoWords(first.lower)
      ) &&
      // "as soon as honeybadger reports a new error": a name no dictionary knows, reporting.
      !(
        first.value.length >= 5 &&
        reports(words[i + 1]) &&
        !['get', 'see', 'say', 'find', 'log', 'record', 'send', 'post'].includes(
          words[i + 1]?.lemma ?? '',
        ) &&
        // ("honeybadger catches the errors": a verb only a watching product does, even for a
        // name made of two words.)
        (!twoWords(first.lower) ||
          ['report', 'raise', 'detect', 'flag', 'alert', 'notify', 'catch', 'spot'].includes(
            words[i + 1]?.lemma ?? '',
          ))
      ) &&
      // ("each new order in our prestashop store": after "our" or "my" too.)
      !(
        ['our', 'my', 'their'].includes(words[i - 1]?.lower ?? '') &&
        productWord(words[i + 1]) &&
        !twoWords(first.lower)
      ) &&
      !keptLower &&
      !sentTo &&
      !sentInto &&
      !lookedInto &&
      !ownedLower &&
      !newsOf
    )
      continue;
    // "in PACER": a name in capitals after where things are kept, longer than an abbreviation.
    // ("in LEAP": four capitals that spell a word are a name, not an abbreviation like "KPI".)
    const capsAfterPrep =
      (/^[A-Z]{5,}$/.test(first.value) ||
        // (... ending its phrase: "in TEXT format" is a kind of format.)
        (/^[A-Z]{4}$/.test(first.value) &&
          first.known &&
          !(words[i + 1]?.sentence === first.sentence && words[i + 1]!.pos === 'NOUN'))) &&
      !shouting &&
      ['in', 'from', 'into', 'via', 'through', 'using'].includes(words[i - 1]?.lower ?? '') &&
      text[first.end] !== '.';
    // "Tools: Bloomerang, Google Slides": the products a list says it uses.
    const toolList = listedTool(words, i);
    // "Compass: every school day at 3:30pm ...", "Woodpecker: as soon as a prospect replies":
    // a capitalised word heading the description (or a line of it) before a colon, English but
    // not among its commonest words, names what the rest is about. Headings of the text's own
    // parts are common words ("Context:", "Goal:", "Note:"), or are made of a verb or plural
    // ("Onboarding:", "Escalation:", "Recipients:").
    const titled =
      (i === 0 || /\n\s*$/.test(text.slice(0, first.start))) &&
      /^[A-Z][a-z]{3,}$/.test(first.value) &&
      first.known &&
      !commonWord(first.lower) &&
      !plural(first.lower) &&
      !/(?:tion|sion|ment|ance|ence|ity|ness|ship|ism|ing|ly)$/.test(first.lower) &&
      !isLanguage(first.value) &&
      words[i + 1]?.value === ':' &&
      words[i + 1]!.start === first.end &&
      words.slice(i + 2, i + 10).filter((w) => /\p{L}/u.test(w.value)).length >= 4;
    if (
      (startsSentence || /^[A-Z]{2,}$/.test(first.value)) &&
      !capsLead(i) &&
      !capsAfterPrep &&
      !toolList
    ) {
      // A capital at the start says nothing ("Quarterly board report"); all capitals are usually
      // an abbreviation (CSV, KPI).
      const next = words[i + 1];
      const headline =
        !!next && HEADLINE_MARK.test(next.value) && words[i + 2]?.sentence === first.sentence;
      // ("Namely will POST /new-hire to you": a word English knows, saying it will call the agent,
      // names what calls.)
      // (Not people: "Customers will post questions to the agent", "Sarah sends the agent a
      // list"; a name no dictionary knows may end in "s", "Supermetrics".)
      const calling =
        willCall(words, i + 1) &&
        !['PRON', 'DET'].includes(first.pos) &&
        !(plural(first.lower) && first.known) &&
        !givenName(first.value);
      // ("Priya sends a list to this agent": a person's name, doing.)
      const person = givenName(first.value) && !productWord(next) && !headline;
      if (
        !next ||
        person ||
        !(productWord(next) || headline || reports(next) || calling) ||
        (first.known && !calling && !titled)
      )
        continue;
    }
    // Languages are names too, but not of products: "translate it into Spanish".
    if (isLanguage(first.value) && first.known) continue;
    // So are the languages and platforms code is written in: "our Python repos".
    if (TECHNOLOGY.has(first.lower) && !/^[A-Z]/.test(words[i + 1]?.value ?? '')) continue;
    const before1 = words[i - 1]?.lower ?? '';

    // An English word is a name only where nothing else fits: "on Crisp", "the Front inbox",
    // or written with a capital inside a sentence after "in", "to", "from" ("to Workable", "in
    // the Federal Register"): English capitalises proper names only.
    const before2w = words[i - 2]?.lower ?? '';
    const prepBefore = ['our', 'my', 'the'].includes(before1) ? before2w : before1;
    // ... but not the name of a folder, a board or a stage inside a product ("the Blog database",
    // "move the deal to Closed Won"), nor a language ("in Portuguese").
    // ("the Lokalise project": a name no dictionary knows before a label word is the product's.)
    const labelled =
      ((first.known || twoWords(first.lower) || !/^[A-Z][a-z]+$/.test(first.value)) &&
        words.slice(i + 1, i + 4).some(
          (w, k, next) =>
            LABELLED.has(w.lower) &&
            // ("in Featurebase board 'Ideas'": a word no dictionary knows, when the label is
            // what follows, in quotes; "the Marketing folder 'Q3'" is a folder in a folder.)
            (first.known || !/^["'\u2018\u201c]$/.test(words[i + 2 + k]?.value ?? '')) &&
            // ("the Tips notion database": a product's name may stand between.)
            next.slice(0, k).every((x) => /^[A-Z]/.test(x.value) || !free(x)),
        )) ||
      // ("move the deal to Closed Won", "set the status to Done": what a thing moves to, not
      // where it is kept, "reminders in Apple Reminders".)
      (['to', 'as', 'into'].includes(words[i - 1]?.lower ?? '') &&
        words.slice(Math.max(0, i - 7), i).some((w) => STAGE_WORDS.has(w.lemma))) ||
      // ("in Arabic", "to Icelandic": a word of a people or a language, which dictionaries know;
      // "in Routific" is a product, and so is a name of two capitalised words, "from Semantic
      // Scholar".)
      (first.known &&
        /(?:ish|ese|ian|ic)$/.test(first.lower) &&
        !(
          words[i + 1]?.sentence === first.sentence &&
          /^[A-Z][a-z]/.test(words[i + 1]!.value) &&
          !isLanguage(words[i + 1]!.value)
        ));
    const properAfterPrep =
      !startsSentence && /^[A-Z]/.test(first.value) && PLACE_PREPS.has(prepBefore) && !labelled;
    let j = i;
    // "Judge.me", "Cal.com": the name goes on over the dot.
    const dotted =
      ['.', '-'].includes(words[j + 1]?.value ?? '') &&
      words[j + 2] &&
      words[j + 1]!.start === first.end &&
      words[j + 2]!.start === words[j + 1]!.end &&
      /^[a-z]{2,4}$/.test(words[j + 2]!.value) &&
      // "Ko-fi" is one name; "Snyk-scan" is a name and a verb.
      (words[j + 1]!.value === '.' || !words[j + 2]!.known);
    if (dotted) j += 2;
    // "our Weave number": a word the tagger reads as a name, owned, before a noun.
    // ("New Thumbtack lead": a name after "new", before a thing products send news of.)
    const newThing = before1 === 'new' && /^[A-Z]/.test(first.value) && productWord(words[j + 1]);
    const ownedName =
      first.pos === 'PROPN' &&
      (['our', 'my', 'their', 'your', "'s"].includes(before1) ||
        DETERMINERS.has(before1) ||
        newThing) &&
      // ("our Capsule CRM", "our game's Steam page")
      (words[j + 1]?.pos === 'NOUN' || newThing || PRODUCT_KIND.test(words[j + 1]?.value ?? '')) &&
      !LABELLED.has(words[j + 1]!.lower) &&
      !NOT_THINGS.has(words[j + 1]!.lemma) &&
      !words.slice(Math.max(0, i - 5), i).some((w) => STAGE_WORDS.has(w.lemma));
    // The product named just before, with one word (a list's mark) between.
    const previous = [...taken, ...found].find(
      (t) => t.end <= (words[i - 1]?.start ?? 0) && t.end >= (words[i - 2]?.end ?? 0),
    );
    // "arXiv and Semantic Scholar": a name of capitalised words next in a list of products.
    const nextInList =
      ['and', 'or', ',', '&', '/', '+'].includes(before1) &&
      /^[A-Z][a-z]/.test(first.value) &&
      /^[A-Z][a-z]/.test(words[j + 1]?.value ?? '') &&
      words[j + 1]!.sentence === first.sentence &&
      !LABELLED.has(words[j + 1]!.lower) &&
      // (Not words of a title: "+ Pipeline From HubSpot, Built Into Google Slides".)
      !['ADP', 'VERB', 'DET', 'CCONJ', 'PRON'].includes(words[j + 1]!.pos) &&
      first.pos !== 'VERB' &&
      previous !== undefined;
    // "our Payload CMS", "in Capsule CRM": a capitalised word before the kind of product it is.
    const kindAfter =
      !startsSentence &&
      /^[A-Z][a-z]+$/.test(first.value) &&
      words[i + 1]?.sentence === first.sentence &&
      PRODUCT_KIND.test(words[i + 1]!.value) &&
      // (After whose it is or where things are kept: "the Sales CRM" is a team's.)
      (['our', 'my', 'their', 'your'].includes(words[i - 1]?.lower ?? '') ||
        KEPT_IN.has(words[i - 1]?.lower ?? '') ||
        TOOL_BEFORE.has(words[i - 1]?.lower ?? ''));
    // "from Wrike and Forecast": a capitalised word English knows, next after a product in a
    // list of where things are kept, ending its phrase (not "email me and Tom", "Billing,
    // Technical and Account").
    const previousAt = previous ? words.findIndex((w) => w.start === previous.start) : -1;
    const placeBefore = (k: number) =>
      PLACE_PREPS.has(words[k]?.lower ?? '') || TOOL_BEFORE.has(words[k]?.lower ?? '');
    const afterInList =
      !startsSentence &&
      ['and', 'or', ',', '&', '+', 'vs'].includes(before1) &&
      /^[A-Z][a-z]{2,}$/.test(first.value) &&
      !plural(first.lower) &&
      // (Not a title's words: "+ Pipeline From HubSpot".)
      !(
        words[i + 1]?.sentence === first.sentence &&
        (['NOUN', 'PROPN'].includes(words[i + 1]!.pos) || /^[A-Z]/.test(words[i + 1]!.value))
      ) &&
      previousAt > 0 &&
      (placeBefore(previousAt - 1) ||
        (['our', 'my', 'the'].includes(words[previousAt - 1]!.lower) &&
          placeBefore(previousAt - 2)));
    const callingKnown =
      startsSentence &&
      willCall(words, i + 1) &&
      !['PRON', 'DET'].includes(first.pos) &&
      !plural(first.lower);
    if (
      first.known &&
      !dotted &&
      !kindAfter &&
      !afterInList &&
      !callingKnown &&
      !titled &&
      !capsAfterPrep &&
      !properAfterPrep &&
      !ownedName &&
      !nextInList &&
      (['ADJ', 'VERB', 'ADV', 'NUM'].includes(first.pos) ||
        !(TOOL_BEFORE.has(before1) || TOOL_AFTER.has(words[j + 1]?.lower ?? '')))
    )
      continue;
    while (
      j + 1 < words.length &&
      nameLike(words[j + 1]!) &&
      /^[A-Z]/.test(words[j + 1]!.value) &&
      words[j + 1]!.value !== 'I'
    )
      j++;
    // "Capsule CRM", "Bamboo HRIS", "Plastic SCM": the kind of product is part of its name.
    if (PRODUCT_KIND.test(words[j + 1]?.value ?? '')) j++;
    const before = words[i - 1]?.lower ?? '';
    const before2 = words[i - 2]?.lower ?? '';
    // A word English knows after a thing's "'s" is a field of the thing: "when a row's Status
    // changes", "the deal's Stage".
    // (Not a name with "'s" inside: "Dead Man's Snitch".)
    if (before === "'s" && first.known && j === i && !capital(words[i - 2])) continue;
    // (Not where data is pulled from: "pull my top cities from Chartmetric".)
    const fetchedFrom =
      before === 'from' &&
      words
        .slice(Math.max(0, i - 8), i)
        .some((w) => w.sentence === first.sentence && FETCHING.has(w.lemma));
    const nearPlace =
      !fetchedFrom && words.slice(Math.max(0, i - 5), i).some((w) => PLACE_OR_PERSON.has(w.lemma));
    const strong =
      (TOOL_BEFORE.has(before) && !nearPlace) ||
      // ("the Marketing channel": a label inside a product.)
      (productWord(words[j + 1]) && !labelled) ||
      // ("highlight.io catches a new error": a domain is a name even of English words.)
      ((reports(words[j + 1]) || willCall(words, j + 1)) && (!first.known || dotted)) ||
      callingKnown;
    // ("the General channel": a label inside a product; "our Air workspace" is the product's.)
    const weak =
      TOOL_BEFORE_WEAK.has(before) && productWord(words[j + 1]) && !(labelled && before === 'the');
    const heading =
      (i === 0 || words[i - 1]!.sentence !== first.sentence) &&
      HEADLINE_MARK.test(words[j + 1]?.value ?? '');
    // "in Clio", "from Zillow", "to NetDocuments": a name no dictionary knows, where people say
    // where things are kept, unless the words before speak of places or people ("the weather
    // in Lisbon", "email it to Priya").
    const plain =
      /^[A-Z]{1,2}[a-z]+(?:[A-Z][a-z]+)?\d*$/.test(first.value) ||
      // ("LinearB", "TalentLMS", "Route4Me": a brand's capitals or digits after a word.)
      (!first.known && BRAND_SHAPE.test(first.value)) ||
      j > i ||
      (lowerName(first) && bareAfterPrep);
    const capitalised = words.slice(i, j + 1).every((w) => /^[A-Z]/.test(w.value));
    const unknownName = (words.slice(i, j + 1).some((w) => !w.known) || capitalised) && plain;
    const lead = words.slice(Math.max(0, i - 5), i).map((w) => w.lemma);
    // ("into a Quizlet set": after an article too.)
    const prep = ['our', 'my', 'the', 'a', 'an'].includes(before) ? before2 : before;
    const placed =
      PLACE_PREPS.has(prep) &&
      unknownName &&
      !labelled &&
      // ("the weather in Lisbon", "a hotel in Bath": the word just before the place says so.)
      (fetchedFrom || !lead.slice(-2).some((l) => PLACE_OR_PERSON.has(l))) &&
      !(prep === 'to' && lead.some((l) => ADDRESSING.has(l)));
    // A name no dictionary knows, inside a sentence, before a noun or after "our", "my",
    // "their" ("our Vultr instances", "Redash query", "arXiv"): a product more often than not,
    // and listing one too many costs less than losing one the user named.
    const unheard = words.slice(i, j + 1).every((w) => !w.known);
    const possessed = ['our', 'my', 'their', 'your', "'s"].includes(before);
    // "Amazon Seller Central vs Flipkart", "Zendesk and Kustomer": one more in a list of products.
    const listed =
      ['and', 'or', 'vs', 'versus', ',', '+', '&', '/'].includes(before) &&
      /^[A-Z]/.test(first.value) &&
      previous !== undefined;
    // "our helpdesk (Kayako)", "our PIM (Akeneo)": the product a kind of tool is.
    const named =
      before === '(' &&
      /^[A-Z]/.test(first.value) &&
      words[j + 1]?.value === ')' &&
      (productWord(words[i - 2]) || KINDS.has(words[i - 2]?.lower ?? ''));
    // "we ran a Kickstarter", "an Etsy for the prints": an indefinite article before a capitalised
    // word no dictionary knows. English gives people and places no article ("a Priya").
    // ("the weekly Kissmetrics funnel report": after "the", before a word of what it holds that
    // the tagger reads as a verb; not "a mail to the Reinigungsfirma with", "the Dockerfiles".)
    const nextSame = words[j + 1]?.sentence === first.sentence ? words[j + 1] : undefined;
    const article = (word: string) =>
      ['a', 'an'].includes(word) ||
      (word === 'the' && ['VERB', 'ADJ'].includes(nextSame?.pos ?? ''));
    const countedName =
      !startsSentence &&
      (article(before) || (article(before2) && words[i - 1]!.pos === 'ADJ')) &&
      j === i &&
      unheard &&
      /^[A-Z][a-z]{3,}$/.test(first.value) &&
      // (Ending its phrase: "a Bates range" is a kind of range.)
      !['NOUN', 'PROPN'].includes(
        words[j + 1]?.sentence === first.sentence ? words[j + 1]!.pos : '',
      ) &&
      !labelled;
    const coined =
      !startsSentence &&
      unheard &&
      first.value.length >= 4 &&
      /^[A-Za-z][A-Za-z0-9]*$/.test(first.value) &&
      // "arXiv", "TaxDome", "ClassDojo": capitals inside a word are a brand's.
      // ("QGenda", "RStudio": and two capitals opening a word of lower case.)
      // ("OVHcloud": or up to four; "Cin7": a word no dictionary knows and a number.)
      (/^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z][a-z]|^[A-Z]{2,4}[a-z]{3,}$/.test(first.value) ||
        (/^[A-Z][a-z]+\d+$/.test(first.value) &&
          !inVocabulary(first.value.replace(/\d+$/, '').toLowerCase())) ||
        BRAND_SHAPE.test(first.value) ||
        (/^[A-Z][a-z]/.test(first.value) &&
          possessed &&
          !lead.some((l) => PLACE_OR_PERSON.has(l) || ADDRESSING.has(l))));
    // "the saved Redash query", "that nightly Airbyte sync", "our Weave number": inside a
    // sentence, a capitalised name the dictionary lacks (or the tagger reads as a name, after a
    // determiner) before a noun that is not a label's ("the Blog folder") names the product the
    // noun belongs to.
    const nextWord = words[j + 1];
    const modifying =
      !startsSentence &&
      capitalised &&
      j === i &&
      !labelled &&
      /^[A-Z][a-z]{2,}$/.test(first.value) &&
      // (A word the dictionary knows only after "our": "a Differential revision" is Phabricator's.)
      (unheard || (first.pos === 'PROPN' && possessed)) &&
      !!nextWord &&
      nextWord.pos === 'NOUN' &&
      nextWord.sentence === first.sentence &&
      !LABELLED.has(nextWord.lower) &&
      !PLACE_OR_PERSON.has(nextWord.lemma) &&
      !WHEN_WORDS.has(nextWord.lower) &&
      !lead.some((l) => PLACE_OR_PERSON.has(l)) &&
      // ("email Priya notes", "send it to Priya Monday": a person just after whom a message is
      // for; not "send me on telegram all Shiprocket shipments", nor what is sent to them, after
      // an article, which English gives no person: "send them a Checkr invite".)
      !(
        !possessed &&
        !(
          ['a', 'an'].includes(before) &&
          ['them', 'him', 'her', 'me', 'us', 'you'].includes(before2)
        ) &&
        (lead.slice(-3).some((l) => ADDRESSING.has(l)) ||
          (['to', 'cc', 'for', 'with', 'and'].includes(before) &&
            lead.some((l) => ADDRESSING.has(l))))
      );
    if (
      !strong &&
      !weak &&
      !placed &&
      !capsAfterPrep &&
      !toolList &&
      !heading &&
      !coined &&
      !listed &&
      !modifying &&
      !countedName &&
      !keptLower &&
      !sentTo &&
      !sentInto &&
      !lookedInto &&
      !ownedLower &&
      !newsOf &&
      !named &&
      !kindAfter
    ) {
      i = j;
      continue;
    }
    // "an Uptime Kuma heartbeat": capitalised words just before the name are part of it.
    let from = i;
    while (
      from - 1 >= 0 &&
      words[from - 1]!.sentence === first.sentence &&
      from - 1 > 0 &&
      words[from - 2]!.sentence === first.sentence &&
      /^[A-Z][a-z]+$/.test(words[from - 1]!.value) &&
      ['NOUN', 'PROPN', 'ADJ'].includes(words[from - 1]!.pos) &&
      free(words[from - 1]!) &&
      !CALENDAR_WORDS.has(words[from - 1]!.lower.replace(/s$/, '')) &&
      !found.some((f) => f.end >= words[from - 1]!.start)
    )
      from--;
    const start = words[from]!.start;
    const name = text.slice(start, words[j]!.end);
    if (placeNames().has(serviceKey(name))) {
      i = j;
      continue;
    }
    found.push(unknownSpan(name, start, words[j]!.end));
    i = j;
  }
  for (const span of knownBrands(text, words, [...taken, ...found], shouting)) found.push(span);
  for (const span of capitalisedNames(text, words, [...taken, ...found], shouting))
    found.push(span);
  for (const span of introducedNames(text, words, [...taken, ...found], shouting)) found.push(span);
  for (const span of bracketedNames(text, words, [...taken, ...found], shouting)) found.push(span);
  // "채널톡(Channel Talk)에 새 상담이 ...": amid another script, Latin capitals are names, and so
  // is a Latin word written against that script, whatever the rest ("YouCanBookMeで新しい予約").
  // (The analyser keeps a name and the script around it as one word: "每当Teambition里".)
  // (Only where the text has letters of another script at all.)
  if (otherScriptLetters(text) > 0) {
    const amid = otherScript(text);
    const againstScript = (at: number) => /[^\P{L}\p{Script=Latin}]/u.test(text[at] ?? '');
    for (const m of text.matchAll(
      /(?<![\p{Script=Latin}\d])(?:[A-Z][a-z]+(?:[A-Z][a-z]+)*|[a-z]+[A-Z][A-Za-z]*)(?: [A-Z][a-z]+)*(?![\p{Script=Latin}\d])/gu,
    )) {
      const [start, end] = [m.index, m.index + m[0].length];
      if (!amid && !againstScript(start - 1) && !againstScript(end)) continue;
      // (Not the days and months the text's own weekdays were read into: "毎週金曜日" is "every
      // Friday".)
      if (m[0].split(' ').every((w) => CALENDAR_WORDS.has(w.toLowerCase().replace(/s$/, ''))))
        continue;
      if ([...taken, ...found].some((t) => start < t.end && end > t.start)) continue;
      found.push(unknownSpan(m[0], start, end));
    }
  }
  // "from 7shifts", "in 15Five": a number and a word no dictionary knows, written as one, where
  // products are kept (the analyser splits them).
  for (let i = 1; i + 1 < words.length; i++) {
    const digits = words[i]!;
    const rest = words[i + 1]!;
    const before = words[i - 1]!.lower;
    if (
      /^\d+$/.test(digits.value) &&
      rest.start === digits.end &&
      /^[a-z]{4,}$/i.test(rest.value) &&
      !/^(?:mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|secs?|seconds?|times?|th|st|nd|rd)$/i.test(
        rest.value,
      ) &&
      (TOOL_BEFORE.has(before) ||
        KEPT_IN.has(before) ||
        ['to', 'with', 'check', 'search', 'query'].includes(before)) &&
      free(digits) &&
      free(rest) &&
      !found.some((f) => f.start <= digits.start && f.end > digits.start)
    ) {
      const name = text.slice(digits.start, rest.end);
      found.push(unknownSpan(name, digits.start, rest.end));
    }
  }
  // "google photos", "Apple Notes", "microsoft ads": a maker's name and the product's.
  for (let i = 0; i + 1 < words.length; i++) {
    const maker = words[i]!;
    const product = words[i + 1]!;
    if (!MAKERS.has(maker.lower) || maker.pos === 'VERB' || !free(maker) || !free(product))
      continue;
    if (found.some((f) => f.start <= maker.start && f.end > maker.start)) continue;
    if (!['NOUN', 'PROPN'].includes(product.pos) || product.sentence !== maker.sentence) continue;
    if (LABELLED.has(product.lower) || CALENDAR_WORDS.has(product.lower)) continue;
    let j = i + 1;
    while (
      /^[A-Z]/.test(words[j]!.value) &&
      /^[A-Z]/.test(words[j + 1]?.value ?? '') &&
      free(words[j + 1]!)
    )
      j++;
    const name = text.slice(maker.start, words[j]!.end);
    found.push(unknownSpan(name, maker.start, words[j]!.end));
    i = j;
  }
  // "a review on google": a maker's name alone, in lower case, where the thing before it and the
  // name are a product's name.
  for (const w of words) {
    if (
      !MAKERS.has(w.value) ||
      !free(w) ||
      found.some((f) => f.start <= w.start && f.end > w.start)
    )
      continue;
    if (thingOnProduct(text, words, w)) found.push(unknownSpan(w.value, w.start, w.end));
  }
  // "Dead Man's Snitch": capitalised words joined to a name by "'s" are part of it.
  for (const [n, span] of found.entries()) {
    let k = words.findIndex((w) => w.start === span.start);
    const joined = (at: number) =>
      words[at - 1]?.value === "'s" &&
      words[at - 1]!.start === words[at - 2]?.end &&
      /^[A-Z][a-z]+$/.test(words[at - 2]!.value) &&
      words[at - 2]!.sentence === words[at]!.sentence;
    if (k < 2 || !joined(k)) continue;
    k -= 2;
    while (
      k > 0 &&
      /^[A-Z][a-z]+$/.test(words[k - 1]!.value) &&
      words[k - 1]!.sentence === words[k]!.sentence &&
      free(words[k - 1]!) &&
      k - 1 > 0 &&
      words[k - 2]!.sentence === words[k]!.sentence
    )
      k--;
    found[n] = unknownSpan(text.slice(words[k]!.start, span.end), words[k]!.start, span.end);
  }
  // A sentence in another language: a German noun after its article ("den Bearbeitungsstand",
  // "eine freundliche Antwort") is no product, and a product's name may carry a Slavic case
  // ending ("na Slacku").
  const english = englishSentences(words);
  const otherLanguage = (span: ServiceSpan) => {
    const at = words.findIndex((w) => w.start === span.start);
    return at !== -1 && !english.has(words[at]!.sentence) ? at : -1;
  };
  const german = new Set(words.filter((w) => GERMAN_MARKERS.has(w.lower)).map((w) => w.sentence));
  const germanNoun = (span: ServiceSpan) => {
    const at = otherLanguage(span);
    if (at < 1 || !/^[A-ZÄÖÜ][a-zäöüß]+$/u.test(span.name)) return false;
    if (!german.has(words[at]!.sentence)) return false;
    // ("unserem Ghost-Blog": a name heading a compound is the product's.)
    if (text[span.end] === '-') return false;
    const before = words[at - 1]!;
    const adjective = /^[a-zäöüß]+(?:e|en|er|es|em)$/u.test(before.value);
    // (The German words English has, already read as English: "unsere" is "our", "eine" "a".)
    const determiner = (w: Word | undefined) =>
      !!w && (GERMAN_DETERMINERS.has(w.lower) || ['a', 'an', 'the', 'our', 'my'].includes(w.lower));
    return (
      before.sentence === words[at]!.sentence &&
      (determiner(before) ||
        (adjective && determiner(words[at - 2])) ||
        // ("Outlook-Postfach": a noun joined to a product's name, the product's thing.)
        (before.value === '-' &&
          before.end === span.start &&
          named.some((n) => n.end === before.start)))
    );
  };
  // ("z Asany na Slacku": with a Slavic case ending, wherever it stands, in a sentence written
  // with the letters of Polish, Czech or Slovak.)
  const slavic = new Set(
    words.filter((w) => /[ąęłńśźżćčřšžěůťďň]/u.test(w.lower)).map((w) => w.sentence),
  );
  for (const w of words) {
    if (!slavic.has(w.sentence) || !free(w) || found.some((f) => f.start === w.start)) continue;
    if (inflectedProduct(w.value)) found.push(unknownSpan(w.value, w.start, w.end));
  }
  // ("on booking-com": a spelling the catalog's matching passed over is still the catalog's.)
  return found
    .filter((span) => !germanNoun(span))
    .map((span) => {
      const integration =
        (MAKERS.has(span.name.toLowerCase()) ? thingOnProduct(text, words, span) : undefined) ??
        resolveService(span.name)?.integration ??
        makersProduct(span.name) ??
        misspelt(span.name) ??
        (otherLanguage(span) !== -1 && slavic.has(words[otherLanguage(span)]!.sentence)
          ? inflectedProduct(span.name)
          : undefined);
      return integration ? { ...span, id: integration.id } : span;
    })
    .sort((a, b) => a.start - b.start);
}

/**
 * "AWS CodeCommit", "Argo Rollouts": a product's name the catalog knows, then a capitalised name it
 * does not, are one product's name, which the catalog does not have.
 */
export function joinNames<M extends { id: string; start: number; end: number; via: string }>(
  text: string,
  mentions: readonly M[],
  unknown: readonly ServiceSpan[],
): { found: M[]; unknown: ServiceSpan[] } {
  const joined = [...unknown];
  const found = mentions.filter((m) => {
    const next = joined.findIndex((u) => u.start === m.end + 1);
    const integration = integrationById(m.id);
    if (
      next === -1 ||
      m.via !== 'name' ||
      !integration ||
      integration.provider.kind === 'builtin' ||
      text[m.end] !== ' ' ||
      !/^[A-Z]/.test(text.slice(m.start)) ||
      // (A word of six letters or more: "Shopify B2B", "SharePoint Ops" are the product's own.)
      !/^[A-Z][A-Za-z]{5,}$/.test(joined[next]!.name)
    )
      return true;
    const name = text.slice(m.start, joined[next]!.end);
    joined[next] = { ...joined[next]!, name, id: kebab(name), start: m.start };
    return false;
  });
  return { found, unknown: joined };
}

/** Written mostly in another script than Latin ("kintoneの…アプリに…"). */
const otherScript = (text: string) =>
  otherScriptLetters(text) > (text.match(/\p{Script=Latin}/gu) ?? []).length;

/** Verbs of reaching a person, besides those of addressing one: "remind Ngozi", "ask Siobhan". */
const REACHING = new Set('remind ask ping thank invite notify cc dm call meet pay'.split(' '));

/** A reading of names the main one passes over, outside the spans `taken` already. */
type NameReading = (
  text: string,
  words: readonly Word[],
  taken: readonly { start: number; end: number }[],
  shouting: boolean,
) => ServiceSpan[];

/** Whether a word is outside every span taken already. */
const freeOf =
  (taken: readonly { start: number; end: number }[]) =>
  (w: Word): boolean =>
    !taken.some((t) => w.start < t.end && w.end > t.start);
/** Whether a word is written with a capital. */
const capital = (w: Word | undefined): boolean => !!w && /^[A-Z]/.test(w.value);

/** The sentences in English: two in three of their lower-case words the dictionary knows. */
function englishSentences(words: readonly Word[]): ReadonlySet<number> {
  const counts = new Map<number, { known: number; all: number }>();
  for (const w of words) {
    if (!/^[a-z]{3,}$/.test(w.value)) continue;
    const count = counts.get(w.sentence) ?? { known: 0, all: 0 };
    counts.set(w.sentence, { known: count.known + (w.known ? 1 : 0), all: count.all + 1 });
  }
  return new Set(
    [...new Set(words.map((w) => w.sentence))].filter((s) => {
      const count = counts.get(s) ?? { known: 0, all: 0 };
      return count.known * 3 >= count.all * 2;
    }),
  );
}

/** Words that open a German noun phrase: the capitalised word after them is a noun. */
const GERMAN_DETERMINERS = new Set(
  `der die das den dem des ein eine einen einem einer eines kein keine keinen keinem unser unsere
  unseren unserem unserer mein meine meinen meinem meiner dein deine ihr ihre ihren ihrem jede
  jeden jedem jeder dieser diese diesen diesem als`.split(/\s+/),
);

/** Words only German has, that tell a sentence written in it. */
const GERMAN_MARKERS = new Set(
  'und der das den dem des mit für nicht ist ich wir von zu sich noch oder aus wie nach dass einen einem einer eines'.split(
    ' ',
  ),
);

/**
 * Case endings Slavic languages put on a name ("na Slacku", "w Notionie", "z Jiry", "do Asany"),
 * longest first.
 */
const SLAVIC_ENDINGS = ['owi', 'ovi', 'ach', 'ie', 'em', 'om', 'u', 'a', 'y', 'e', 'ą', 'ę'];

/** The catalog's product a name with a Slavic case ending is ("Slacku": Slack; "Jiry": Jira). */
function inflectedProduct(name: string): Integration | undefined {
  if (!/^[A-Z][a-z]{3,}[a-ząę]$/u.test(name)) return undefined;
  for (const ending of SLAVIC_ENDINGS) {
    if (!name.endsWith(ending)) continue;
    const stem = name.slice(0, -ending.length);
    const found = resolveService(stem)?.integration ?? resolveService(`${stem}a`)?.integration;
    if (found) return found;
  }
  return undefined;
}

/**
 * English capitalises proper names only: a capitalised word no dictionary knows, inside an English
 * sentence, names a person, a place, a language or a product. People are told by their first
 * names (given-names.ts), places by the cities and countries the runtime knows, and what is left
 * is a product: "compare the Veracode scan", "the Chartbeat and Parse.ly numbers", "check the
 * Trainline". At the head of a sentence a capital says nothing, unless the word is the subject of
 * what a product does: "Farmbrite has all our dates", "CodeRabbit leaves too many nitpicks".
 */
const capitalisedNames: NameReading = (text, words, taken, shouting) => {
  const found: ServiceSpan[] = [];
  if (shouting) return found;
  const free = freeOf(taken);
  const english = englishSentences(words);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const before = words[i - 1]?.sentence === word.sentence ? words[i - 1] : undefined;
    const after = words[i + 1]?.sentence === word.sentence ? words[i + 1] : undefined;
    if (
      word.known ||
      !free(word) ||
      !/^[A-Z][a-z]{2,}[a-z\d]*$|^[A-Z][a-z]+[A-Z][a-z]+$/.test(word.value) ||
      givenName(word.value) ||
      codeWord(word, text) ||
      // ("Room4", "Node22": a word and a number, a thing's or a version's.)
      (/\d$/.test(word.value) && inVocabulary(word.lower.replace(/\d+$/, ''))) ||
      version(word) ||
      CALENDAR_WORDS.has(word.lower.replace(/s$/, '')) ||
      placeNames().has(serviceKey(word.value)) ||
      isLanguage(word.value) ||
      TECHNOLOGY.has(word.lower) ||
      plural(word.lower) ||
      // ("Tagalog", "Icelandic": a people's or a language's word the dictionary lacks.)
      /(?:ish|ese|ian|ic|og)$/.test(word.lower)
    )
      continue;
    if (!before) {
      // The subject of a sentence, saying what it has or does ("has", "keeps", "leaves", "will"),
      // or whose thing it is ("Zuora's subscription cancelled event").
      const doing =
        !!after &&
        ((['VERB', 'AUX'].includes(after.pos) &&
          (/[^s]s$/.test(after.lower) || ['will', 'can', 'is', 'has'].includes(after.lower))) ||
          (after.value === "'s" && productWord(words[i + 2])));
      // A line's heading of nouns: "Farmbrite herd report — every Monday ...".
      const mark = words.slice(i + 1, i + 4).findIndex((w) => HEADLINE_MARK.test(w.value));
      const heading =
        mark !== -1 && words.slice(i + 1, i + 1 + mark).every((w) => w.pos === 'NOUN');
      // A name standing as a sentence of its own, the line's subject: "Glassdoor. Any new review
      // of our company, ...".
      const alone =
        (!after || (/^[.:]$/.test(after.value) && words[i + 2]?.sentence !== word.sentence)) &&
        words[i + 2] !== undefined;
      if (doing || heading || alone) found.push(unknownSpan(word.value, word.start, word.end));
      continue;
    }
    // A capitalised word before, other than the word opening the sentence ("Run Checkov on",
    // "The Lely Horizon software"): a title's words ("Weekly Growth Report").
    const titled =
      capital(before) &&
      free(before) &&
      before.value !== 'I' &&
      !(
        words[i - 2]?.sentence !== word.sentence &&
        ['VERB', 'DET', 'PRON', 'ADP', 'SCONJ', 'ADV'].includes(before.pos)
      );
    // "The Lely Horizon software": capitalised words before the kind of tool they name.
    let last = i;
    while (capital(words[last + 1]) && words[last + 1]!.sentence === word.sentence && last < i + 2)
      last++;
    if (last > i && !titled && KINDS.has(words[last + 1]?.lower ?? '')) {
      found.push(
        unknownSpan(text.slice(word.start, words[last]!.end), word.start, words[last]!.end),
      );
      i = last;
      continue;
    }
    const lead = words.slice(Math.max(0, i - 5), i);
    const bracketed = (() => {
      const open = lead.map((w) => w.value).lastIndexOf('(');
      return open !== -1 && !lead.slice(open).some((w) => w.value === ')');
    })();
    if (
      // A title's words, or a label in quotes.
      titled ||
      capital(after) ||
      QUOTE.test(before.value) ||
      (after !== undefined && LABELLED.has(after.lower)) ||
      // A label's name ("team Backend"), part of a longer word or a path ("S-Bahn", "r/Breadit").
      LABELLED.has(before.lower) ||
      (['-', '/'].includes(before.value) && before.end === word.start) ||
      // Where people are ("Priya (Bangalore)", "our clinics (Leith, Morningside)").
      (before.value === '(' && (capital(words[i - 2]) || after?.value === ',')) ||
      (before.value === ',' && bracketed) ||
      // A person written to or spoken of ("email it to Aoife", "my colleague Luc", "remind
      // Ngozi"), or the next in a list of people ("to Oluwaseun and Thandiwe").
      (lead.some(
        (w) => ADDRESSING.has(w.lemma) || PLACE_OR_PERSON.has(w.lemma) || REACHING.has(w.lemma),
      ) &&
        !TOOL_BEFORE.has(before.lower)) ||
      (['and', 'or', ','].includes(before.lower) &&
        capital(words[i - 2]) &&
        words[i - 2]!.sentence === word.sentence &&
        free(words[i - 2]!) &&
        !found.some((f) => f.end === words[i - 2]!.end)) ||
      // A sentence in another language, whose nouns have capitals ("wenn ein neuer Artikel").
      !english.has(word.sentence)
    )
      continue;
    found.push(unknownSpan(word.value, word.start, word.end));
  }
  return found;
};

/**
 * Names the description itself introduces as products: a capitalised name followed by the kind
 * of tool it is in brackets ("Plain (the support tool)", "Weave (our phone system)"), or any name
 * after "a tool called", "something named" ("my nephew put something called uptimerobot on it").
 * The gloss says what the word is, whether English knows it or not.
 */
const introducedNames: NameReading = (text, words, taken) => {
  const found: ServiceSpan[] = [];
  const free = freeOf([...taken, ...found]);
  const nameAt = (i: number, capitals: boolean) => {
    let j = i;
    while (
      j + 1 < words.length &&
      j - i < 2 &&
      words[j + 1]!.sentence === words[i]!.sentence &&
      /^[A-Z]/.test(words[j + 1]!.value) &&
      free(words[j + 1]!)
    )
      j++;
    return capitals || j > i ? j : i;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!free(w) || !/^[\p{L}\d]/u.test(w.value)) continue;
    // "something called X": the word after the naming verb, whatever its case.
    const called =
      ['called', 'named'].includes(words[i - 1]?.lower ?? '') &&
      ['something', 'tool', 'app', 'platform', 'service', 'thing', 'system', 'software'].includes(
        words[i - 2]?.lower ?? '',
      ) &&
      !DETERMINERS.has(w.lower) &&
      !['PRON', 'ADP', 'CCONJ', 'VERB', 'AUX'].includes(w.pos);
    if (called) {
      const j = nameAt(i, false);
      found.push(unknownSpan(text.slice(w.start, words[j]!.end), w.start, words[j]!.end));
      i = j;
      continue;
    }
    if (!capital(w) || (i > 0 && capital(words[i - 1]) && words[i - 1]!.sentence === w.sentence))
      continue;
    const j = nameAt(i, true);
    // "(the support tool)", "(our phone system)": up to three words, the last a kind of tool.
    if (words[j + 1]?.value !== '(') continue;
    const close = words.findIndex((x, k) => k > j + 1 && x.value === ')');
    if (close === -1 || close - (j + 1) > 5) continue;
    const inside = words.slice(j + 2, close);
    const name = text.slice(w.start, words[j]!.end);
    if (
      inside.length >= 1 &&
      KINDS.has(inside.at(-1)!.lower) &&
      // (Not a kind named by its product: "the CRM (Zoho CRM)"; but "(our charity CRM)".)
      inside.every(
        (x) =>
          !capital(x) ||
          (PRODUCT_KIND.test(x.value) && ['our', 'my', 'their', 'the'].includes(inside[0]!.lower)),
      ) &&
      !KINDS.has(name.toLowerCase()) &&
      !placeNames().has(serviceKey(name)) &&
      !isLanguage(name)
    ) {
      found.push(unknownSpan(name, w.start, words[j]!.end));
      i = j;
    }
  }
  return found;
};

/** Letters of a name, in lower case, for comparing it with a domain or initials. */
const letters = (written: string) => written.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A name with its own words in brackets after it: its domain ("nimble (nimble.com)", "Oh Dear!
 * (ohdear.app)", "Beanstalk (beanstalkapp.com)") or, for initials, the name they stand for ("OSM
 * (Online Scout Manager)"). The brackets say a product is meant, though the name alone reads as
 * a word ("nimble") or an abbreviation ("OSM"). (A domain in brackets after no such name may be
 * anyone's site: "check our shop (acme.com) is up".)
 */
const bracketedNames: NameReading = (text, words, taken) => {
  const free = freeOf(taken);
  const found: ServiceSpan[] = [];
  // (The nearest ")" after each word, found in one pass: a run of brackets costs no more.)
  const closing: number[] = [];
  for (let k = words.length - 1, next = -1; k >= 0; k--) {
    closing[k] = next;
    if (words[k]!.value === ')') next = k;
  }
  words.forEach((open, at) => {
    if (open.value !== '(') return;
    const close = closing[at]!;
    if (close === -1 || close - at > 6 || words[close]!.sentence !== open.sentence) return;
    const inside = words.slice(at + 1, close);
    const written = text.slice(inside[0]?.start ?? open.end, words[close]!.start).trim();
    // The words before the brackets, nearest last: at most three, over a name's own "!" ("Oh
    // Dear! (ohdear.app)") but not across a sentence.
    let end = at;
    while (end > 0 && /^[!?]$/.test(words[end - 1]!.value)) end--;
    const before = words
      .slice(Math.max(0, end - 3), end)
      .filter((w) => w.sentence === words[end - 1]?.sentence && /[\p{L}\d]/u.test(w.value));
    const domain =
      /^([a-z][a-z0-9-]*)\.(?:com|io|so|ai|app|dev|co|me|ly|sh|to|fm|net|org|tv)$/i.exec(written);
    if (domain && inside.every(free)) {
      const label = letters(domain[1]!);
      // The nearest words before it whose letters open the domain's: "Oh Dear!" for ohdear.app.
      for (let k = 0; k < before.length; k++) {
        const name = before.slice(k);
        const nameText = text.slice(name[0]!.start, name.at(-1)!.end);
        const spelled = letters(nameText);
        if (spelled.length >= 3 && label.startsWith(spelled)) {
          if (name.every(free)) found.push(unknownSpan(nameText, name[0]!.start, name.at(-1)!.end));
          return;
        }
      }
      return;
    }
    // "our phone system (3CX)", "our warehouse system (Cin7)": the kind of tool, then its name.
    const kind = words[at - 1];
    if (
      kind &&
      KINDS.has(kind.lower) &&
      inside.length >= 1 &&
      inside.length <= 2 &&
      inside.every((w) => /^[A-Z0-9][\p{L}\d.-]*$/u.test(w.value) && /\p{Lu}|\d/u.test(w.value)) &&
      !KINDS.has(written.toLowerCase()) &&
      !TECHNOLOGY.has(serviceKey(written)) &&
      !placeNames().has(serviceKey(written)) &&
      !isLanguage(written) &&
      !/^[A-Z]{2,5}$/.test(written) &&
      inside.every(free)
    ) {
      found.push(unknownSpan(written, inside[0]!.start, inside.at(-1)!.end));
      return;
    }
    // "OSM (Online Scout Manager)": initials, then the capitalised words they stand for.
    const initials = before.at(-1);
    if (
      initials &&
      /^[A-Z]{2,5}$/.test(initials.value) &&
      inside.length >= 2 &&
      inside.every((w) => /^[A-Z][a-z]+$/.test(w.value)) &&
      inside.map((w) => w.value[0]).join('') === initials.value &&
      inside.every(free)
    )
      found.push(unknownSpan(written, inside[0]!.start, inside.at(-1)!.end));
  });
  return found;
};

/** Quotation marks around a label: "the 'Site Visits' board". */
const QUOTE = /^["'\u2018\u2019\u201c\u201d]$/;

/**
 * Names from the list of brands (brands.ts) that the reading by place passed over: a name English
 * also knows, written with the brand's capital inside a sentence ("this Perforce changelist",
 * "our Drip list", "Graphite stack"), or heading a line ("Arbor: every Friday"); and a name no
 * dictionary knows though it reads as two words ("weekly statcounter stats"). Not a label in
 * quotes or before "board", "folder" ("the Matrix board"), a title's capitalised words ("Weekly
 * Growth Report"), a person written to ("email Hugo"), a place or a language.
 */
const knownBrands: NameReading = (text, words, taken, shouting) => {
  const found: ServiceSpan[] = [];
  const free = freeOf(taken);
  for (let i = 0; i < words.length; i++) {
    const first = words[i]!;
    const match = brandAt(text, words, i);
    if (!match) continue;
    const span = words.slice(i, match.last + 1);
    const last = words[match.last]!;
    const name = text.slice(first.start, last.end);
    const startsSentence = i === 0 || words[i - 1]!.sentence !== first.sentence;
    const before = words[i - 1];
    const after =
      words[match.last + 1]?.sentence === first.sentence ? words[match.last + 1] : undefined;
    const written = span.filter((w) => /^[A-Za-z0-9]/.test(w.value));
    const unheard = written.every((w) => !w.known);
    const cased = written.every(capital) && !/^[A-Z0-9]{1,4}$/.test(name);
    const lead = words.slice(Math.max(0, i - 5), i).map((w) => w.lemma);
    if (
      !span.every(free) ||
      shouting ||
      codeWord(first, text) ||
      CALENDAR_WORDS.has(first.lower.replace(/s$/, '')) ||
      TECHNOLOGY.has(serviceKey(name)) ||
      isLanguage(name) ||
      placeNames().has(serviceKey(name)) ||
      // (A format or an abbreviation, "JSON", ".ENV"; a label in quotes, "'Lit review'".)
      !/[a-z]/.test(match.title) ||
      !/^[A-Za-z]/.test(match.title) ||
      QUOTE.test(before?.value ?? '') ||
      // (A capital says nothing at the head of a sentence: "Daily:", "Skip errors", "Resend
      // failed campaigns"; unless a name of several words says what it does: "Oh Dear can call a
      // webhook".)
      (startsSentence &&
        !(
          written.length > 1 &&
          (productWord(after) || reports(after) || willCall(words, match.last + 1))
        )) ||
      // ("the Matrix board"; but "our Drip list 'Enquiries'" is the product's list of that name.)
      (after !== undefined &&
        LABELLED.has(after.lower) &&
        !QUOTE.test(words[match.last + 2]?.value ?? '')) ||
      // ("email Hugo the notes", "my partner Dev": a person written to or spoken of.)
      (lead.some((l) => ADDRESSING.has(l) || PLACE_OR_PERSON.has(l)) &&
        !TOOL_BEFORE.has(before?.lower ?? ''))
    )
      continue;
    const heading = startsSentence && HEADLINE_MARK.test(after?.value ?? '');
    const title =
      (!startsSentence && capital(before) && before!.value !== 'I') ||
      (capital(after) && free(after!));
    const owner = ['our', 'my', 'the', 'their', 'your'].includes(before?.lower ?? '');
    const prep = owner ? (words[i - 2]?.lower ?? '') : (before?.lower ?? '');
    // Where products stand: "on Drip", "in our Perforce depot", "from Graphite,", "Drip list",
    // "Oh Dear can call a webhook", after another product in a list ("Zendesk and Front").
    const endsPhrase = !after || ['ADP', 'CCONJ', 'PUNCT', 'VERB', 'AUX'].includes(after.pos);
    const previous = taken.some(
      (t) => t.end <= (before?.start ?? 0) && t.end >= (words[i - 2]?.end ?? 0),
    );
    const placed =
      heading ||
      TOOL_BEFORE.has(prep) ||
      (PLACE_PREPS.has(prep) && endsPhrase) ||
      productWord(after) ||
      reports(after) ||
      willCall(words, match.last + 1) ||
      (['and', 'or', ',', '&', '+', 'vs', '/'].includes(before?.lower ?? '') && previous);
    const accepted = cased
      ? !title
      : unheard &&
        !/[A-Z]/.test(name) &&
        written.length === 1 &&
        placed &&
        !jargon(first.lower) &&
        !plural(first.lower) &&
        !phrasalNoun(first.lower);
    if (!accepted) continue;
    found.push(unknownSpan(match.title, first.start, last.end));
    i = match.last;
  }
  return found;
};

/**
 * The product a thing said to be "on" a name stands for, where the name and the thing together
 * are another product's name: "a review on Google" and "reviews on Google Maps" are Google
 * Reviews, "a sheet on google" Google Sheets. The thing is the word before the preposition, over
 * a pronoun ("reviews us on Google"); a name that is already that product stays as it is.
 */
export function thingOnProduct(
  text: string,
  words: readonly Word[],
  span: { start: number; end: number; id?: string },
): Integration | undefined {
  const at = words.findIndex((w) => w.start === span.start);
  let k = at - 1;
  if (words[k]?.lower === 'the') k--;
  if (k < 1 || !THING_ON.has(words[k]!.lower)) return undefined;
  k--;
  if (words[k]?.pos === 'PRON' && k > 0) k--;
  const thing = words[k]!;
  if (thing.sentence !== words[at]?.sentence || !['NOUN', 'VERB'].includes(thing.pos)) {
    return undefined;
  }
  const name = text.slice(span.start, span.end);
  for (const word of new Set([thing.lemma, thing.lower])) {
    for (const written of [`${name} ${word}`, `${name} ${word}s`]) {
      const integration = resolveService(written)?.integration;
      if (integration && integration.id !== span.id) return integration;
    }
  }
  return undefined;
}
const THING_ON = new Set(['on', 'in', 'at', 'from', 'via', 'through']);

/** Makers whose products are called by the maker's name and a word: "Google Photos". */
const MAKERS = new Set('google microsoft apple amazon adobe zoho aws azure atlassian'.split(' '));

/**
 * The catalog's product a name found where products stand is one typo away from ("on githb",
 * "in linaer"): the only one.
 */
function misspelt(name: string): Integration | undefined {
  const written = name.toLowerCase();
  // (Written in lower case, as typos are: a capital says the name is meant as written, "Klara"
  // is not Klarna; nor a word the dictionary knows.)
  if (!/^[a-z]{5,}$/.test(name) || inVocabulary(written)) return undefined;
  // A letter left out or two swapped, the slips of typing; a letter changed or added more often
  // makes another name.
  const close = ONE_WORD_NAMES.filter(({ word }) =>
    ['left out', 'swapped'].includes(slipFrom(word, written) ?? ''),
  );
  const ids = new Set(close.map((c) => c.id));
  return ids.size === 1 ? integrationById(close[0]!.id) : undefined;
}

/** Products called by a maker's name and a word ("google photos"): the word, by maker. */
let makersProducts: Map<string, { integration: Integration; product: string }[]> | undefined;

/**
 * The catalog's product a maker's name and a misspelt or shortened word stand for: "google
 * calender", "google clasroom", "google cal" (a word's first letters, when only one of the maker's
 * products starts so).
 */
function makersProduct(name: string): Integration | undefined {
  const [maker, ...rest] = name.toLowerCase().split(/\s+/);
  const written = rest.join(' ');
  if (!maker || !MAKERS.has(maker) || written.length < 3) return undefined;
  makersProducts ??= new Map(
    [...MAKERS].map((m) => [
      m,
      INTEGRATIONS.flatMap((integration) =>
        [integration.name, ...integration.aliases]
          .map((n) => n.toLowerCase())
          .filter((n) => n.startsWith(`${m} `))
          .map((n) => ({ integration, product: n.slice(m.length + 1) })),
      ),
    ]),
  );
  const products = makersProducts.get(maker)!;
  const close = products.filter(
    ({ product }) => editDistance(written, product, 2) <= (product.length >= 6 ? 2 : 1),
  );
  const begun = products.filter(({ product }) => product.startsWith(written));
  const pick = close.length ? close : begun;
  const ids = new Set(pick.map((p) => p.integration.id));
  return ids.size === 1 ? pick[0]!.integration : undefined;
}

/** "Tools: Bloomerang, Google Slides", "stack - Bloomerang and Airtable": listed products. */
function listedTool(words: readonly Word[], index: number): boolean {
  const sentence = words[index]!.sentence;
  for (let k = index - 1; k >= 0 && k >= index - 12; k--) {
    const w = words[k]!;
    if (w.sentence !== sentence && k < index - 1) return false;
    if (/^(?::|-)$/.test(w.value))
      return /^(?:tools?|apps?|stack|services|integrations|software|using|uses)$/i.test(
        words[k - 1]?.value ?? '',
      );
    if (!/^(?:,|and|&|\+|\/)$/i.test(w.value) && !/^[A-Z]/.test(w.value)) return false;
  }
  return false;
}

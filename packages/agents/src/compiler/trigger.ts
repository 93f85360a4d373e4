import type { AgentTriggerType } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { IntegrationEvent } from '../catalog/types.ts';
import { createdInstead, findEvent, type EventTrigger } from './events.ts';
import { ACTIONS, findGenericEvent, hasThing, sameAction, thingWords } from './generic-events.ts';
import { analyse, type Word } from './nlp.ts';
import { spanOf, THINGS, type ServiceSpan } from './services.ts';
import type { Mention } from './integrations.ts';
import { parseSchedule, type ParsedSchedule } from './schedule.ts';
import { quotedSpans, tokenize, type Token } from './text.ts';
import { DOUBT_AT, OVERRULE_AT, readTriggerType, SOURCE_AT } from './trigger-type.ts';

// Which of the four triggers a description asks for. An incoming call ("when our deploy system
// calls this agent") makes a webhook; an event phrase after "when" makes an event trigger unless a
// schedule comes first; a schedule phrase makes a schedule; watching something that has no event
// of its own makes an hourly check; anything else runs on demand.

/** This agent, in the other languages read here (accusative and dative forms as written). */
const AGENT_ELSEWHERE = [
  'bu ajan',
  'este agente',
  'deste agente',
  'a este agente',
  'al agente',
  'ao agente',
  'cet agent',
  'de cet agent',
  "à l'agent",
  'diesen agenten?',
  'dieses agenten',
  'an den agenten',
  'questo agente',
  'di questo agente',
  "all'agente",
  'deze agent',
  'van deze agent',
  'naar de agent',
  'tego agenta',
  'do tego agenta',
  'do agenta',
  'agent ini',
  'agen ini',
  'ke agent',
  'этому агенту',
  'этот агент',
  'этого агента',
  'агенту',
  'агента',
  'цьому агенту',
  'цього агента',
  'агентові',
  "bu agent(?:['’]?[ae])?",
  "agent['’](?:ın|in|a|e)",
  'αυτόν τον agent',
  'τον agent',
  '(?:この|该|該|这个|這個|이)\\s?(?:agent|エージェント|에이전트|智能体)',
  'エージェント',
  '에이전트',
].join('|');

/** Sending, in the same languages: stuurt, шлёт, отправляет, gönderiyor, mengirim, 보내, 送る. */
const SENT_ELSEWHERE =
  'stuurt|verstuurt|schickt|sendet|envía|envia|envoie|шл[её]т|отправля\\p{L}*|отправит|надсила\\p{L}*|надішле|gönder\\p{L}*|atıyor|atacak|mengirim\\p{L}*|kirim\\p{L}*|στέλνει|보내|送って|送信|送る|发送|發送|推送|傳送|发到|發到';

/** Calling something back or calling it, in the same languages: 回调, 调用, 呼び出す, 호출, вызывать. */
const CALLED_BACK =
  '回调|回調|调用|調用|POST(?![A-Za-z])|呼び出|叩い|호출|вызыва|вызов|виклика|викли|memanggil|panggil|çağır';

const INCOMING = [
  /\b(?:incoming|inbound)\s+(?:webhooks?|http\s+requests?|requests?|calls?|posts?)\b/i,
  /\b(?:via|by|through|from|on)\s+(?:a\s+|an\s+|the\s+)?webhooks?\b(?!\s+(?:url|at)\b)/i,
  /\bwebhooks?\s+(?:is\s+called|fires|arrives|hits)\b/i,
  // ("a sheet called Q3 targets ... the agent" names a sheet: "called" is left out.)
  // (Not a person at work: "ping the agent who closed it", "the agent assigned".)
  /\b(?:(?:post|send|hit|ping|forward|trigger|push|curl)(?:s|es|ed)?|calls?|sent)\b(?:\s+[^\s.]+){0,10}?\s+(?:this|the)\s+agent\b(?!\s+(?:who|that|assigned|responsible|in charge|on)\b)/i,
  /\bwebhooks?\s+(?:to|into|for)\s+(?:this|the)\s+agent\b/i,
  // ("I forward links to you on Telegram" is a Telegram message.)
  /\b(?:post|send|push|forward)(?:s|es)?\b(?:\s+[^\s.]+){0,8}?\s+to you\b(?!\s+(?:on|via|in|through|over)\s)/i,
  /\b(?:calls?|hits?|pings?|posts? to)\s+your\s+(?:webhook|url|endpoint)\b/i,
  /(?:^|[.!?]\s+)webhooks?\s+from\s+(?:our|my|the)\b/i,
  /\b(?:the\s+agent'?s|its\s+own|this\s+agent'?s)\s+(?:webhook|url|endpoint)\b/i,
  // "Our kiosk will send a webhook whenever ...", "I give you webhook from my booking system":
  // another system sends one to the agent (not "send a webhook to https://...").
  // ("Our warehouse sensor sends webhook every reading", "the monitoring box sends a webhook".)
  /\b(?:system|app|kiosk|tool|service|platform|server|form|cms|crm|site|bot|script|backend|checker|job|pipeline|ci|sensor|sensors|device|devices|box|shortcut|monitor|camera|printer|thermostat|scanner|tracker|workflow|automation|zap|gateway|store|shop|plugin|integration|hub|phone|machine|controller|station|engine|i|we|it|they|which|that)\s+(?:\([^)]{0,40}\)\s+)?(?:will\s+|can\s+|could\s+|would\s+)?(?:send|sends|post|posts|give|gives|fire|fires|call|calls|trigger|triggers)\s+(?:you\s+|us\s+|it\s+|the agent\s+|this agent\s+)?(?:a\s+|an\s+)?webhooks?\b(?!\s+(?:to|at)\b)/i,
  /\b(?:it|they|which)\s+posts?\s+to\s+(?:this|the)\s+agent\b/i,
  // "Our POS will send a webhook here", "webhooks to you".
  /\bwebhooks?\s+(?:here|to you)\b/i,
  // "will send you a webhook", "fires a webhook at this agent", "curls your webhook url".
  /\b(?:send|sends|fire|fires|post|posts)\s+(?:you|it|this agent|the agent)\s+(?:a\s+|an\s+)?webhooks?\b/i,
  /\bwebhooks?\s+(?:at|to)\s+(?:this|the)\s+agent\b/i,
  /\bcurls?\s+your\s+(?:webhook|url|endpoint)/i,
  // The webhook and this agent in the languages people mix in ("bu ajana webhook gönderiyor",
  // "chama o webhook deste agente", "schickt einen Webhook an diesen Agenten", "вебхук этому
  // агенту"), or the agent called back ("回调这个 agent", "이 에이전트를 호출").
  ...(() => {
    const agent = `(?:${AGENT_ELSEWHERE})`;
    const hook =
      '(?:(?:webhooks?|веб-?хук\\p{L}*)(?![\\p{Script=Latin}\\p{Script=Cyrillic}])|ウェブフック|웹훅)';
    const called = `(?:${CALLED_BACK})`;
    const sent = `(?:${SENT_ELSEWHERE})`;
    return [
      new RegExp(
        `${hook}[^.!?。！？]{0,60}?(?<![\\p{L}])${agent}|(?<![\\p{L}])${agent}[^.!?。！？]{0,60}?${hook}`,
        'iu',
      ),
      new RegExp(`${called}[^.!?。！？]{0,30}?${agent}|${agent}[^.!?。！？]{0,20}?${called}`, 'iu'),
      // ("шлёт JSON на адрес агента", "이 에이전트 URL로 보내요": sent to this agent or its address.)
      new RegExp(
        `${sent}[^.!?。！？]{0,60}?(?<![\\p{L}])${agent}|${agent}[^.!?。！？]{0,20}?${sent}`,
        'iu',
      ),
      // ("CIがWebhookでカバレッジの結果を送ってきます": a webhook that brings something in.)
      new RegExp(
        `${hook}\\s*(?:で|로|으로|через|üzerinden|lewat)[^.!?。！？]{0,30}?(?:送って|送られ|届|보내|отправ|присыла|надсил|gönder|kirim)`,
        'iu',
      ),
    ];
  })(),
  // "When this agent gets that call", "point it at this agent".
  /\b(?:this|the) agent (?:gets|receives|is called)\b/i,
  /\bpoint (?:it|them) at (?:this|the) agent\b/i,
  // "Expose a webhook for the Jenkins post-build step", "give me a URL our form can post to".
  /(?:^|[.!?]\s+)(?:expose|give me|set up|create|open)\s+(?:a|an)\s+(?:webhook|endpoint|url)\b(?!\s+(?:in|on)\s)/i,
  // "Can you give me a URL I can call from the cron jobs": an address for the user's own systems.
  /\b(?:a|an)\s+(?:webhook|endpoint|url|address)\s+(?:that\s+)?(?:i|we|they|it|our\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:can\s+|could\s+|will\s+)?(?:call|hit|ping|curl|post\s+to|send\s+to)\b/i,
  // "I'll trigger this with a webhook from our CMS".
  /\b(?:trigger(?:s|ed)?|kick(?:s|ed)?|start(?:s|ed)?|run(?:s)?)\s+(?:this|it|the agent|this agent)\b[^.;]{0,40}?\b(?:with|via|by)\s+(?:a\s+|an\s+)?webhooks?\b/i,
  // "when our form backend pings you", "when it hits you", "will POST every diff to this URL",
  // "our uptime checker will POST here".
  /(?<!\b(?:i|we)\s)\b(?:pings?|hits?|calls?)\s+(?:you|this agent|the agent)\b(?!\s+(?:back|when|if|about|who|that|assigned|on)\b)/i,
  // "Our booking site is sending webhook when ...", "Our POS system calls a URL when ...".
  /\b(?:system|app|site|tool|service|platform|server|backend|form|kiosk|pos|script|bot)\s+(?:is|are|will be)\s+sending\s+(?:a\s+|an\s+)?webhooks?\b/i,
  // (Said of something else: "calls", not the request "call our webhook".)
  /\b(?:calls|hits|pings)\s+(?:a|an|your|this|the|the agent'?s)\s+(?:url|endpoint|webhook)\b/i,
  /\bposts?\b(?:\s+[^\s.]+){0,8}?\s+to\s+(?:this|your|the agent'?s|this agent'?s)\s+(?:url|endpoint|address)\b/i,
  /\b(?:will|would|can|could)\s+(?:post|send|ping|call)\s+(?:it\s+|them\s+)?here\b/i,
  // "Our Reviewable instance webhooks you on each review", "our Laravel app webhooks a new
  // signup to you": webhook as the verb of calling the agent.
  // "Our deploy script will call you when it's done", "We'll call this from Shopify Flow".
  /\b(?:system|app|tool|service|platform|server|cms|crm|site|bot|script|backend|job|pipeline|ci|workflow|automation|engine|flow)\s+(?:will|would|can|could)\s+(?:call|ping|hit|notify)\s+(?:you|this agent|the agent)\b|\b(?:we'?ll|we will|i'?ll|i will|they'?ll|they will)\s+(?:call|ping|hit|trigger)\s+(?:this|it|you|the agent|this agent)\s+from\b/i,
  /\bwebhooks\s+(?:you|us|this agent|the agent)\b|\bwebhooks\s+(?:a|an|the|each|every)\b[^.;]{0,40}?\bto\s+(?:you|this agent|the agent)\b/i,
  // "When our Rails app sends a POST with a failed job", "POST from our Shopify app with a
  // product id": an HTTP request another system makes (in capitals: "a post from our blog" is
  // an article).
  /\b(?:app|system|service|server|backend|site|platform|script|tool|form|store|shop|cms|crm)\s+(?:will\s+|can\s+)?(?:sends?|fires?|makes?)\s+(?:you\s+|us\s+)?(?:a|an)\s+(?:POST|HTTP POST|post request|http request)\b(?!\s+to\s+(?:https?:|our|the|a)\b)/i,
  /(?:^|[.!?]\s+)(?:[Aa]n?\s+)?(?:HTTP\s+)?POST\s+(?:request\s+)?from\s+(?:our|my|the)\b/,
  // "Our NAS sends a POST when a backup task fails": an HTTP request, in capitals, whatever sends it.
  // (Not the agent told to send one: "every day send a POST to https://...".)
  /\b[\w-]+\s+(?:(?:will|can)\s+(?:send|fire|make)|sends|fires|makes)\s+(?:you\s+|us\s+)?(?:a|an)\s+(?:HTTP\s+)?POST\b(?!\s+(?:request\s+)?to\s+(?:https?:|(?:our|the|a)\b))/,
  // "it can POST JSON to any URL": an address it will call, whichever.
  /\b(?:can|will|could)\s+(?:POST|post|send|call)\s+(?:[\w-]+\s+){0,3}to\s+(?:any|a|your|whatever)\s+(?:URL|url|endpoint|webhook)\b/,
  // "Hook URL for our conference app: ...": the address asked for, heading the description.
  /^(?:a\s+)?(?:web)?hook\s+(?:url|endpoint|address)\s+for\b/i,
  // "when our game server posts a match-end payload": what another system sends is a payload.
  /\b(?:app|system|service|server|backend|site|platform|script|tool|job|pipeline|workflow)\s+(?:posts?|sends?|fires?)\s+(?:us\s+|you\s+)?(?:a|an|the|its)\s+(?:[\w-]+\s+){0,2}(?:payload|json|json body|webhook)\b/i,
  // "I'll send it a URL from my phone with a plain POST request": an HTTP request to the agent.
  /\b(?:send|sends|post|posts)\s+(?:it|you|this agent|the agent)\b[^.;]{0,60}?\b(?:POST|HTTP)\s+requests?\b/i,
];

/** Verbs of one system calling another over HTTP: "posts", "calls", "pings", "fires". */
const CALLING = new Set(['post', 'send', 'call', 'hit', 'ping', 'fire', 'forward', 'push']);
/** Where such a call goes when the agent is meant: a URL, an endpoint, a webhook, the agent. */
const ENDPOINTS = new Set(['url', 'urls', 'endpoint', 'endpoints', 'webhook', 'webhooks', 'agent']);
const TIME_WORDS =
  /^(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|mornings?|evenings?|nights?|noon|midnight|today|tonight|weekdays?|weekends?|am|pm|[a-z]+days?)$/;
/** Words between a system and its call: "is set up to post", "will POST", "can call". */
const CALLER_LINK = new Set(
  'be is are was set setup up configure configured to will can could would automatically already also'.split(
    ' ',
  ),
);

/**
 * Another system calls the agent: a system named as the subject ("Our landing pages are set up to
 * post every submission to a webhook URL", "a callback that POSTs the run to whatever URL we
 * configure", "our Jenkins pipeline will POST the PR number ... to the agent"), not the agent told
 * to call one ("post the summary to the webhook URL").
 */
function systemCallsAgent(words: readonly Word[]): boolean {
  return words.some((w, i) => {
    if (!CALLING.has(w.lemma) && !CALLING.has(w.lower.replace(/e?s$/, ''))) return false;
    let k = i - 1;
    while (k >= 0 && words[k]!.sentence === w.sentence && CALLER_LINK.has(words[k]!.lower)) k--;
    const caller = words[k];
    if (!caller || caller.sentence !== w.sentence) return false;
    // (Not a time: "every 5 minutes ping our endpoints" is the agent's schedule.)
    const system =
      (['NOUN', 'PROPN'].includes(caller.pos) &&
        !['agent', 'you', 'bot', 'assistant'].includes(caller.lower) &&
        !TIME_WORDS.test(caller.lower)) ||
      ['that', 'which'].includes(caller.lower);
    if (!system) return false;
    const after = words.slice(i + 1, i + 26).filter((x) => x.sentence === w.sentence);
    // ("our app will POST signups here", "Our booking widget POSTs every new quote request here",
    // "a cron job on our server posts yesterday's CSV to it": to the agent being described.)
    if (after.slice(0, 6).some((x) => x.lower === 'here')) return true;
    // (A verb the system does, "posts", "will POST": not a thing, "a Bluesky post linking to it",
    // nor what is done to one, "a review is posted ... reply to it".)
    const toIt = after.findIndex((x, j) => x.lower === 'to' && after[j + 1]?.lower === 'it');
    const does = /s$/.test(w.lower) || CALLER_LINK.has(words[i - 1]?.lower ?? '');
    if (
      toIt !== -1 &&
      does &&
      !/(?:ed|sent)$/.test(w.lower) &&
      !['NOUN', 'PROPN', 'ADJ'].includes(after[toIt + 2]?.pos ?? '')
    )
      return true;
    return after.some(
      (x, j) =>
        ENDPOINTS.has(x.lower) &&
        after
          .slice(Math.max(0, j - 3), j)
          .some((y) => ['to', 'at', 'a', 'an', 'whatever', 'this', 'that'].includes(y.lower)),
    );
  });
}

/** The user handing the agent its input: "when I give you the link", "when I call it with". */
const USER_STARTS =
  /^(?:when(?:ever)?|each time|every time|once|as soon as|if) i\s+(?:give|paste|share|trigger|start|run|ask|tell|hand|drop|upload|ping|message|send you|forward you|name|pick|choose|enter|type|select|specify|provide|call it|call you|invoke|feed)\b/i;

/** Opening hours something happens outside of: "outside business hours (9-6 Mon-Fri)". */
const OUTSIDE_HOURS =
  /\boutside(?:\s+of)?\s+(?:our\s+|the\s+)?(?:business|working|office|opening|support|shop|store)\s+hours\b(?:\s*\([^)]{0,40}\))?/gi;

/** A sending verb and its object, just before where things are sent: "forward it to me on". */
const SENT_TO =
  /\b(?:forward|send|post|message|text|tell|notify|ping|alert|share|email|dm|reply|escalate)\b[^.!?]{0,40}\b(?:on|via|in|to|through|over|by)\s+(?:my|our|the)?\s*$/i;

/** A service named as what a thing is made in: "open a Linear issue", "create a Jira ticket". */
const MADE_IN = /\b(?:open|create|file|add|log|raise|make|start)\s+(?:a|an|the)\s+(?:new\s+)?$/i;

/** Started by hand, said outright: "i'll run it when needed", "runs only when I start it". */
const BY_HAND =
  /\b(?:i'?ll run it|i run it|run it (?:myself|manually|when needed)|only when i (?:start|run|ask|trigger)|when needed|on demand only|runs? only when i)\b|(?:^|[.!?]\s+)(?:run|use it|runs?)\s+(?:it\s+|this\s+)?on demand\b|(?:^|[.!?]\s+)on (?:demand|request|click|command)\b|\bon (?:demand|request)\s*:|\bi (?:press|click|hit|push) (?:a|the) button\b/i;

/**
 * The user saying they start it, or hand it its input: "I'll run this whenever the site feels
 * slow", "I'll start this with their email address", "I'll give you a company name", "review the
 * PR I link". With no schedule, whatever the sentence says happens is only when they do.
 */
const USER_RUNS = [
  /\bi(?:'?ll| will| can| would)?\s+(?:just\s+|only\s+)?(?:run|start|trigger|kick off|launch|fire)\s+(?:this|it|you|the agent|this agent)\b/i,
  // "an agent I can run when a customer complains": the agent, said before the user runs it.
  /\b(?:agent|bot|assistant|something|one)\s+(?:that\s+)?i\s+(?:can|could|will|'ll)\s+(?:just\s+)?(?:run|start|trigger|kick off|launch|fire)\b/i,
  /\bi(?:'?ll| will)?\s+(?:give|send|paste|hand|forward)\s+you\s+(?:a|an|the|their|his|her|its|some|each|every|one)\b/i,
  // ("I'll hand it a Close.com lead URL": the agent, as "it"; not "forward it a receipt to my
  // gmail", which arrives somewhere.)
  /\bi(?:'?ll| will)?\s+(?:give|paste|hand)\s+(?:it|the agent|this agent)\s+(?:a|an|the|their|his|her|its|some|each|every|one)\b/i,
  /\b(?:the|a|each|any|every)\s+(?:[a-z]+\s+){0,3}(?:i|we)\s+(?:link|paste|share|drop|send you|give you)\b/i,
  // "run this when someone says the site is slow": the user runs it, whatever happens.
  /^(?:run|start|use|trigger)\s+(?:this|it|me)\s+(?:when|whenever|if|after|before|on demand)\b/i,
  // "paste a gitea PR number -> check ...": a description that opens by handing it its input.
  /^(?:paste|drop in|drop)\s+(?:me\s+)?(?:a|an|the|my|this|some|your)\b/i,
];

/** What already happens, told as background: "there's already a weekly digest every Monday". */
const ALREADY =
  /\b(?:there'?s|there is|we|i|they)\s+(?:\w+\s+)?already\b|\balready\s+(?:get|gets|have|has|receive|receives|run|runs|do|does)\b/i;

/** Said to be done once: "just this once", "a one-off". */
const ONE_OFF = /\b(?:just|only) this once\b|\bone[- ]off\b|\bthis one time\b/i;

/** A period in the past inside the event's clause: the things that already happened, read once. */
const PAST_PERIOD =
  /\b(?:in|over|during|from|within|for) (?:the )?(?:last|past|previous) (?:\d+ |few |couple of )?(?:days?|weeks?|months?|years?|hours?|quarters?)\b|\b(?:last|this) (?:week|month|year|quarter)\b|\byesterday\b|\b(?:between|since) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

/** Watching something for news, with no event to subscribe to: the agent checks regularly. */
// ("monitor" only as a verb: "the API monitor is down" names one.)
const WATCH =
  /\b(?:watch(?:es|ing)?|(?<!\b(?:the|an?|our|my|this|that|each|every|any)\s+(?:[\w-]+\s+)?)monitor(?:s|ing)?\b(?!\s+(?:is|are|was|were|goes|went|fails?|failed|recovers?|alerts?)\b)|keep an? eye on|check (?:for|on) new|check\s+(?:the\s+|our\s+|my\s+|their\s+)?(?:[\w.-]+\s+)?status\s*page\b|poll(?:s|ing)?\s+(?:the|our|my|it|them|for|every|each)\b)/i;
const ON_DEMAND =
  /\b(?:when i ask|on demand|when i run|when i tell|run when|on request|manually)\b/i;

export const POLL_CRON = '0 * * * *';

const HABIT =
  /\b(?:i|we)\s+(?:usually\s+|normally\s+|always\s+)?(?:upload|publish|post|record|release|send|ship|run|do|hold|have|write)\b[^.,;!?]{0,40}?(\b(?:every|each)\s+(?:week|month|day|morning|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b)/gi;

/**
 * A clause that says when: the only kind of event reading that outranks a schedule. (A clause
 * read from the grammar starts at its cue's last word: "soon as ...", "time a ...", "moment ...".)
 */
const WHEN_CLAUSE =
  /^(?:when(?:ever)?|(?:as )?soon as|(?:(?:each|every|any) ?)?time|once|(?:the )?moment|if|after|on (?:each|every))\b/i;

const RHYTHM_WORD = /^(?:nightly|daily|weekly|monthly|hourly|quarterly|yearly|annual|overnight)$/i;

/**
 * Whether the frequency at `at` is said of a thing, the noun after it: "the nightly backup", "a
 * nightly cron job". (Work done on a rhythm, "the weekly report", is kept as a schedule where
 * nothing else says when; against a clause that says when, it is the thing's.)
 */
function rhythmOfThing(words: readonly Word[], at: number): boolean {
  const k = words.findIndex((w) => w.start === at);
  const next = words[k + 1];
  const after = words[k + 2];
  return (
    k !== -1 &&
    RHYTHM_WORD.test(words[k]!.value) &&
    !!next &&
    next.sentence === words[k]!.sentence &&
    (['NOUN', 'PROPN'].includes(next.pos) ||
      // ("the nightly invoicing job": a word describing the noun may stand between.)
      ((next.pos === 'ADJ' || /ing$/.test(next.lower)) &&
        ['NOUN', 'PROPN'].includes(after?.pos ?? '')))
  );
}

const WATCHED = new Set(['rss', 'web-page', 'http-request']);

const UNIT =
  '(?:weekends?|weeks?|months?|quarters?|years?|days?|hours?|minutes?|nights?|mornings?|evenings?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?)';
const TIME_REFERENCE = new RegExp(
  String.raw`\b(?:last|this|next|past|previous|coming|the last|the past|the previous)\s+(?:\d+\s+|few\s+|couple of\s+)?${UNIT}\b(?!\s+of\b)|\bthe (?:month|week|year) before\b|\b(?:from|over|during|before|after|until|till|by|for) the weekend\b|\b(?:yesterday|tonight)\b`,
  'gi',
);
/**
 * A breakdown by period ("our busiest hour for each day of the week"), and the days work is
 * queued for ("queue them in Buffer for tue/wed/thu", "schedule the posts for Tuesday and
 * Thursday"): what the results cover or when they go out, not when the agent runs.
 */
const PER_PERIOD =
  /\b(?:for|per|by|on|in)\s+(?:each|every)\s+(?:day|weekday|hour|week|month)\s+of\s+(?:the\s+|a\s+)?(?:week|month|year|quarter)\b/gi;
const QUEUED_FOR =
  /(?<=\b(?:schedule[sd]?|queue[sd]?|queue them|book|plan(?:ned)?)\b[^.!?\n]{0,60}?\bfor\s+)(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?(?:\s*(?:\/|,|and|&|\+|or)\s*)?)+/gi;

/** Work that recurs: "a weekly report" is a schedule, "weekly signups" a figure. */
const RECURRING_WORK = new Set(
  `report reports digest digests summary summaries recap recaps update updates email emails
  newsletter newsletters check checks review reviews reminder reminders backup backups export
  exports post posts sync roundup briefing brief overview snapshot standup note notes message list
  run job task plan audit cleanup`.split(/\s+/),
);
const FUNCTION_WORDS = new Set(
  `and or to from for by with then via on at in basis schedule of the a an it them this morning
  afternoon evening night`.split(/\s+/),
);
/** "monthly active users", "our monthly meetups": a frequency naming a thing, not a schedule. */
const DESCRIBING_FREQUENCY =
  /\b(daily|weekly|monthly|quarterly|yearly|annual)\s+([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?/gi;
const describesThing = (next: string, after: string | undefined) =>
  !FUNCTION_WORDS.has(next.toLowerCase()) &&
  !RECURRING_WORK.has(next.toLowerCase()) &&
  !RECURRING_WORK.has((after ?? '').toLowerCase());

const DAYS = new Set('weekend monday tuesday wednesday thursday friday saturday sunday'.split(' '));
/** Words after a day that say when in it: "Monday morning", "Saturday at 9". */
const PARTS_OF_DAY = new Set(
  'morning mornings afternoon afternoons evening evenings night nights noon midnight lunchtime'.split(
    ' ',
  ),
);
/** Words before a day that make it a time to run: "every Monday", "on Saturday", "Monday and Friday". */
const BEFORE_A_TIME = new Set(
  'every each on at this next last and or & + , from to until till by before after through thru -'.split(
    ' ',
  ),
);

/**
 * A day that names a thing rather than a time: written as a possessive ("the weekend's runs",
 * "Friday's numbers") or describing the noun after it ("which weekend shifts were short").
 */
function namesThing(words: readonly Word[], at: number): boolean {
  const w = words[at]!;
  if (!DAYS.has(w.lower.replace(/s$/, ''))) return false;
  const thing = (x: Word | undefined) =>
    !!x && x.sentence === w.sentence && x.pos === 'NOUN' && !PARTS_OF_DAY.has(x.lower);
  const next = words[at + 1];
  // ("Tuesday's call", "the weekend's runs", but "every Monday's at 9": a plural written with an
  // apostrophe, before a time or nothing more.)
  if (next?.lower === "'s" && next.start === w.end) {
    const owned = words[at + 2];
    return (
      !!owned &&
      owned.sentence === w.sentence &&
      owned.pos !== 'NUM' &&
      !/^[,.;:!?)]$/.test(owned.value) &&
      !PARTS_OF_DAY.has(owned.lower) &&
      !['at', 'and', 'or', '&', 'from', 'to', 'between', 'before', 'after'].includes(owned.lower)
    );
  }
  const before = words[at - 1];
  return (
    !!before &&
    before.sentence === w.sentence &&
    !BEFORE_A_TIME.has(before.lower) &&
    thing(next) &&
    // ("a Monday digest": a piece of work asked for on that day.)
    !(['a', 'an'].includes(before.lower) && RECURRING_WORK.has(next!.lower))
  );
}

/** Where each sentence the analyser found starts and ends in the text. */
function sentenceSpans(words: readonly Word[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const w of words) {
    const last = spans[w.sentence];
    if (last) last[1] = w.end;
    else spans[w.sentence] = [w.start, w.end];
  }
  return spans.filter(Boolean);
}

export type TriggerReading = {
  type: AgentTriggerType;
  /** Set for schedules (also the hourly check of a watched source). */
  schedule: ParsedSchedule | null;
  event: EventTrigger | null;
  assumptions: string[];
};

/** What a headline is read with: as if it opened with "When". */
const LEAD = 'When ';

/**
 * A headline read as a when-clause: `find` reads the text with "When " before it (the headline
 * written as `head`, the same length as the text's), and the event must open it; offsets and the
 * clause are then the text's own.
 */
function asWhenClause(
  text: string,
  head: string,
  find: (shifted: string) => EventTrigger | null,
): EventTrigger | null {
  const found = find(`${LEAD}${head}`);
  if (!found || found.index !== 0) return null;
  return { ...found, index: 0, clause: text.slice(0, found.clause.length - LEAD.length) };
}

/**
 * "PagerDuty incident triggered -> ...", "Sentry new issue: ...": a short headline before an
 * arrow or a colon reads as a when-clause.
 */
function headlineEvent(
  text: string,
  words: readonly Word[],
  mentions: readonly Mention[],
): EventTrigger | null {
  const end = words.findIndex((w) => /^(?:,|:|->|=>|\u2192)$/.test(w.value));
  if (end < 2 || end > 8 || words[end]!.sentence !== words[0]!.sentence) return null;
  if (/^(?:when|whenever|if|every|each|on|at|in|for)$/i.test(words[0]!.value)) return null;
  return asWhenClause(text, text, (shifted) => findEvent(shifted, tokenize(shifted), mentions));
}

/**
 * "chargebee cancellation -> churn sheet row", "Trustpilot: 1 or 2 stars lands -> ...": a short
 * headline that names a service and tells of something happening there, before an arrow, read
 * by the grammar as a when-clause. Not an order ("paste the list -> ...", "diff the tags -> ..."),
 * nor the user's own doing ("on demand: i give a ticket # -> ..."), nor a time ("daily 7am: ...").
 */
function headlineGenericEvent(
  text: string,
  words: readonly Word[],
  services: readonly ServiceSpan[],
  builtinsIn: (from: number, to: number) => boolean,
): EventTrigger | null {
  // (Or a colon, after a headline that says what happened: "Chatwoot conversation opened from
  // the widget: ...".)
  const colon = text.search(/:\s/);
  const arrow = text.indexOf(', then ') >= 1 ? text.indexOf(', then ') : colon;
  if (arrow < 1) return null;
  const head = text.slice(0, arrow);
  if (
    arrow === colon &&
    !words.some(
      (w) =>
        w.end <= arrow &&
        /(?:ed|en|s|ing)$/.test(w.lower) &&
        // ("firing", which the tagger may leave as it is.)
        [w.lemma, w.lower.replace(/ing$/, ''), w.lower.replace(/ing$/, 'e')].some(
          (lemma) => lemma !== w.lower && !!ACTIONS[lemma],
        ),
    )
  )
    return null;
  // (Read without the names in it, whose letters are no sentence's end nor the user: "judge.me".)
  const unnamed = services.reduce(
    (h, s) =>
      s.end <= arrow ? h.slice(0, s.start) + ' '.repeat(s.end - s.start) + h.slice(s.end) : h,
    head,
  );
  if (/[.!?\n]/.test(unnamed) || head.split(/\s+/).length > 12 || parseSchedule(head)) return null;
  if (/^(?:when|whenever|if|once|as soon as|after|every|each)\b/i.test(head)) return null;
  if (/\b(?:i|we|me|my|demand|request|click|manual|manually|ask)\b/i.test(unnamed)) return null;
  const inHead = words.filter((w) => w.end <= arrow);
  const first = inHead.find((w) => /[a-z]/i.test(w.value));
  // (An order opens with its verb; a service's name is none: "judge.me: any review ->".)
  const ordered =
    !!first &&
    first.pos === 'VERB' &&
    first.lower === first.lemma &&
    !services.some((s) => s.start <= first.start && s.end >= first.end);
  if (!first || ordered) return null;
  if (!services.some((s) => s.end <= arrow && integrationById(s.id)?.provider.kind !== 'builtin'))
    return null;
  // A service's name as the heading ("Trustpilot: ...") is read as part of the clause.
  const moved = services.map((s) => ({
    ...s,
    start: s.start + LEAD.length,
    end: s.end + LEAD.length,
  }));
  // ("judge.me: any review under 3 stars -> ...": any one of them, as it comes, is a new one.)
  const named = head
    .replace(/^([^:,]{1,40}):/, '$1 ')
    .replace(/(?<=^|\s)(?:any|every|each)(?=\s+\p{L})/giu, (m) => 'new'.padEnd(m.length));
  const found = asWhenClause(text, `${named}${text.slice(arrow)}`, (shifted) =>
    findGenericEvent(shifted, analyse(shifted), moved, (from, to) =>
      builtinsIn(from - LEAD.length, to - LEAD.length),
    ),
  );
  if (!found) return null;
  // Only a thing services send news of, or an event the service declares: a headline is too short
  // to tell a happening from a label ("sentry rule 'x' goes off", "prospect grabs a slot").
  const declared = integrationById(found.integration)?.events.some((e) => e.id === found.event);
  const thing = found.event.split('.')[0]!.split('_').pop()!;
  return declared || THINGS.has(thing) || hasThing(found.integration, thing) ? found : null;
}

/** Verbs of something arriving or happening on its own ("comes in", "lands", "fires"). */
const HAPPENING = new Set(
  'come arrive land appear fire go drop hit fail break expire start finish trip pop show'.split(
    ' ',
  ),
);

/** Words after which "on" opens a time or a way of starting, not a happening. */
const ON_TIME =
  /^on\s+(?:the\s+)?(?:\d|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|demand|request|call|command|click|first|last|every|each|my|our|your|a\s+schedule|schedule)\b/i;

/**
 * A happening told at the start of a clause with no "when", then a boundary and the request:
 * "im an estate agent, new enquiry on rightmove comes in -> add ...", "In Azure DevOps, a pull
 * request gets created: check ...", "on pull request opened, check ...". Each clause start (a
 * sentence's, or after a comma or colon) whose clause (at most 12 words) ends at a comma, colon
 * or arrow is read as if it opened with "When" ("on" standing for it); the event must open it.
 */
function clauseStartEvent(
  text: string,
  words: readonly Word[],
  find: (shifted: string, shift: (at: number) => number) => EventTrigger | null,
  /** The model of kinds is sure it is an event: a longer headline, and any inflected verb. */
  sure = false,
): EventTrigger | null {
  const boundary = /^(?:,|:|->|=>|\u2192)$/;
  for (let i = 0; i < words.length; i++) {
    const previous = words[i - 1];
    const opens =
      !previous || previous.sentence !== words[i]!.sentence || /^(?:,|:)$/.test(previous.value);
    if (!opens || !/[a-z]/i.test(words[i]!.value)) continue;
    const end = words.findIndex((w, at) => at > i && boundary.test(w.value));
    if (
      end < 0 ||
      end - i < 2 ||
      end - i > (sure ? 20 : 12) ||
      words[end]!.sentence !== words[i]!.sentence
    )
      continue;
    if (!words[end + 1]) continue;
    const from = words[i]!.start;
    const rest = text.slice(from);
    const lead = /^on\s/i.test(rest) && !ON_TIME.test(rest) ? words[i]!.end - from : 0;
    if (
      /^(?:when|whenever|if|once|after|every|each|on|at|in|for|by|before)$/i.test(
        words[i]!.value,
      ) &&
      !lead
    )
      continue;
    // A clause that tells of something happening: it opens with neither an order ("paste the
    // list ->") nor a person ("i drop a link ->", "given a URL,"), and has an inflected verb
    // ("comes in", "gets created", "opened", "firing").
    const head = lead ? words[i + 1] : words[i];
    if (
      !head ||
      (head.pos === 'VERB' && head.lower === head.lemma) ||
      /^(?:i|i'm|im|we|you|u|me|my|our|it|they|he|she|please|pls|can|could|would|will|given|here|here's|here\u2019s|heres|this|that|there|let|just|so|and|then|also|which|what|who|how|why|where|is|are|do|does|did)$/i.test(
        head.value,
      ) ||
      // An order whatever the tagger says: "Show me which services failed, ...".
      /^(?:me|us)$/i.test(words[words.indexOf(head) + 1]?.value ?? '') ||
      !words.slice(i + (lead ? 2 : 1), end).some(
        (w) =>
          // (When the model is sure, whatever the tagger made of it: "grafana alert fires".)
          (w.pos === 'VERB' || w.pos === 'AUX' || (sure && HAPPENING.has(w.lemma))) &&
          w.lower !== w.lemma &&
          (HAPPENING.has(w.lemma) ||
            /(?:ed|en)$/.test(w.lower) ||
            // ("customer replies to a convo,": a verb of what happens to a product's things.)
            (/s$/.test(w.lower) && !!ACTIONS[w.lemma])),
      )
    )
      continue;
    const cut = from + lead;
    const shifted = `${text.slice(0, from)}${LEAD}${text.slice(cut).replace(/^\s+/, '')}`;
    const removed =
      cut - from + (text.slice(cut).length - text.slice(cut).replace(/^\s+/, '').length);
    const delta = LEAD.length - removed;
    const found = find(shifted, (at) => (at >= cut ? at + delta : at));
    // The happening is the clause itself: it ends by the boundary.
    if (!found || found.index !== from || from + found.clause.length - delta > words[end]!.end)
      continue;
    return { ...found, index: from, clause: text.slice(from, from + found.clause.length - delta) };
  }
  return null;
}

export function readTrigger(
  text: string,
  tokens: readonly Token[],
  mentions: readonly Mention[],
  words: readonly Word[],
  services: readonly ServiceSpan[],
): TriggerReading {
  // Quoted names ("the 'Weekly KPIs' dashboard") and product names ("Workday", "monday.com")
  // say nothing about when the agent runs.
  const blank = (m: string) => ' '.repeat(m.length);
  let masked = quotedSpans(text).reduce(
    (t, q) => t.slice(0, q.start) + blank(q.value) + t.slice(q.end),
    text,
  );
  for (const service of services) {
    masked =
      masked.slice(0, service.start) +
      ' '.repeat(service.end - service.start) +
      masked.slice(service.end);
  }
  // Nor does a day that names a thing: "the weekend's runs", "which weekend shifts were short".
  words.forEach((w, at) => {
    if (namesThing(words, at))
      masked = masked.slice(0, w.start) + blank(w.value) + masked.slice(w.end);
  });
  // Nor do times the text only refers to ("last weekend", "this month", "the last 12 months"),
  // nor a frequency that describes a figure or a thing ("monthly active users", "weekly
  // signups", "our monthly meetups") rather than work to do on that rhythm.
  masked = masked
    .replace(TIME_REFERENCE, blank)
    .replace(PER_PERIOD, blank)
    .replace(QUEUED_FOR, blank)
    // Hours something happens outside of are a condition on it, not when to run: "New chat on
    // LiveChat outside business hours (9-6 Mon-Fri)?".
    .replace(OUTSIDE_HOURS, blank)
    // What the author does on a rhythm is not when the agent runs: "i upload a video on youtube
    // every week, when it goes live ...".
    .replace(
      HABIT,
      (m: string, rhythm: string) => m.slice(0, m.length - rhythm.length) + blank(rhythm),
    )
    .replace(
      DESCRIBING_FREQUENCY,
      (m: string, word: string, next: string, after: string | undefined, at: number) =>
        // At the head of a line the frequency is the schedule: "Quarterly board pack: ...".
        // (Where results go, the frequency is the thing's own: "log it to the sheet for our
        // monthly meeting-load report".)
        (describesThing(next, after) && !/(?:^|[.!?\n]\s*)$/.test(masked.slice(0, at))) ||
        /\b(?:for|in|into|to)\s+(?:our|my|the|their)\s+$/i.test(
          masked.slice(Math.max(0, at - 20), at),
        )
          ? blank(word) + m.slice(word.length)
          : m,
    );
  // A sentence about what already runs is background, not this agent's schedule.
  for (const [from, to] of sentenceSpans(words)) {
    // (Said of the sentence's own subject: "we already get a digest", not "never repeat one we
    // already used".)
    const already = ALREADY.exec(text.slice(from, to));
    if (
      already &&
      // (... nor a condition on what is handled: "each device that doesn't already have one",
      // "if it's not already there".)
      !/(?:\b(?:one|ones|that|which|what|those|these|anything|something|not|no|never|doesnt|dont|isnt|hasnt|havent|arent)|n't)\s+$/i.test(
        text.slice(from, from + already.index),
      ) &&
      !/\b(?:if|unless|whether)\b/i.test(text.slice(from, from + already.index))
    ) {
      masked = masked.slice(0, from) + blank(masked.slice(from, to)) + masked.slice(to);
    }
  }
  const schedule = parseSchedule(masked);
  const kind = readTriggerType(text, words);
  // A feed or a page is watched by the clock: news there is no event of a service.
  const builtinsIn = (from: number, to: number) =>
    mentions.some((m) => WATCHED.has(m.id) && m.start < to && m.end > from);
  const catalogEvent = findEvent(text, tokens, mentions) ?? headlineEvent(text, words, mentions);
  // A catalog phrase of a service the text does not name ("a ticket arrives" is Zendesk's) yields
  // to the service the sentence does name ("a Gorgias ticket arrives").
  const named = (id: string) => services.some((s) => s.id === id);
  const inClause = (e: EventTrigger) =>
    services.some(
      (s) => s.id !== e.integration && s.start >= e.index && s.end <= e.index + e.clause.length,
    );
  // With no service named, the ones the description implies ("a pull request": GitHub) are
  // where news comes from.
  const outsideNamed = services.some((s) => integrationById(s.id)?.provider.kind !== 'builtin');
  const impliedAnywhere: ServiceSpan[] = mentions
    // A #channel is where results go, not where news comes from.
    .filter(
      (m) =>
        m.via === 'intent' &&
        integrationById(m.id)?.provider.kind !== 'builtin' &&
        !text.slice(m.start, m.end).includes('#'),
    )
    .map(spanOf);
  const implied = outsideNamed ? [] : impliedAnywhere;
  const generic =
    findGenericEvent(text, words, services, builtinsIn, impliedAnywhere) ??
    (implied.length && !catalogEvent
      ? findGenericEvent(text, words, [...services, ...implied], builtinsIn)
      : null) ??
    (catalogEvent ? null : headlineGenericEvent(text, words, services, builtinsIn));
  // The grammar's reading wins where it found one of the same service's declared events (it read
  // the verb: "cancels a booking" is not "booking created"), and where the catalog's phrase
  // belongs to a service the text does not name but the grammar found one the clause names.
  const declared = (e: EventTrigger) =>
    integrationById(e.integration)?.events.some((x) => x.id === e.event) ?? false;
  // ... and where it read a verb the catalog's phrase of a new thing passed over ("an order is
  // cancelled" is not "order created").
  const actionOf = (e: EventTrigger) => e.event.slice(e.event.lastIndexOf('.') + 1);
  // The grammar read another happening than the catalog's "created", in a clause that does not
  // say "new".
  const readsOtherHappening = (catalog: EventTrigger, grammar: EventTrigger) =>
    sameAction(actionOf(catalog), 'created') &&
    !sameAction(actionOf(grammar), 'created') &&
    !/\bnew\b/i.test(grammar.clause);
  const overruled = (catalog: EventTrigger, grammar: EventTrigger) =>
    readsOtherHappening(catalog, grammar) &&
    actionOf(grammar) !== 'received' &&
    // The catalog's thing said as the verb ("the app is released": release created; "someone
    // comments on an issue": issue comment created) is the catalog's event after all.
    !catalog.event
      .split(/[._]/)
      .slice(0, -1)
      .some((word) =>
        new RegExp(`\\b${word.replace(/e$/, '')}(?:e?s|e?d|ing)\\b`, 'i').test(grammar.clause),
      );
  // The service named where the event is told is where it happens: "every new order in my Etsy
  // shop ... make the shipment in ShipStation" is Etsy's order, though ShipStation has the phrase.
  const toldIn = (e: EventTrigger, id: string) =>
    services.some((s) => s.id === id && s.start >= e.index && s.end <= e.index + e.clause.length);
  // The same thing of the same service, with a happening the grammar read from a verb the
  // catalog's phrase passed over ("a convo gets closed": not the reply the phrase matched).
  const objectOf = (e: EventTrigger) => e.event.slice(0, e.event.lastIndexOf('.'));
  const reread = (catalog: EventTrigger, grammar: EventTrigger) =>
    grammar.integration === catalog.integration &&
    objectOf(grammar).replace(/_/g, '').replace(/s$/, '') ===
      objectOf(catalog).split('.').pop()!.replace(/_/g, '').replace(/s$/, '') &&
    readsOtherHappening(catalog, grammar);
  // A service named only as where things are sent ("forward it to me on WhatsApp"), after the
  // event is told, is not where the event happens when another service is named before it.
  const onlyAsDestination = (e: EventTrigger) => {
    const spans = services.filter((s) => s.id === e.integration);
    return (
      spans.length > 0 &&
      spans.every(
        (s) =>
          s.start >= e.index + e.clause.length &&
          (SENT_TO.test(text.slice(Math.max(0, s.start - 60), s.start)) ||
            MADE_IN.test(text.slice(Math.max(0, s.start - 30), s.start))),
      )
    );
  };
  // A thing back up after failing is the contrary of the failure the catalog's phrase matched
  // ("the Pingdom check recovers" is not "pingdom check fails").
  const recovers = (catalog: EventTrigger, grammar: EventTrigger) =>
    grammar.integration === catalog.integration &&
    actionOf(grammar) === 'recovered' &&
    sameAction(actionOf(catalog), 'failed');
  // Whether the clause says the event's thing ("a pull request" for `pull_request.opened`), in
  // words other than its service's name.
  const saysThing = (e: EventTrigger) => {
    const name = new Set(
      (integrationById(e.integration)?.name ?? e.integration).toLowerCase().split(/[^a-z]+/),
    );
    const clause = e.clause.toLowerCase();
    return thingWords(e.event)
      .filter((part) => part.length > 1 && !name.has(part))
      .some((part) => new RegExp(`\\b${part.replace(/s$/, '')}`).test(clause));
  };
  // A weak cue told after a strong one's clause ("Sentry: new issue in the payments project. If
  // it's hitting more than 50 users, ...") is a condition on that event, not another reading.
  // (A weak cue told after the end of a strong one's clause.)
  const weakAfterStrong = (strong: typeof generic, weak: typeof generic) =>
    !!strong &&
    !!weak &&
    strong.strong &&
    !weak.strong &&
    weak.index >= strong.index + strong.clause.length;
  const laterCondition = weakAfterStrong(catalogEvent, generic);
  // ... and a weak cue told after a strong one the grammar read is too ("each new glitchtip
  // error: check ..., if it's new then create an opsgenie alert").
  const laterCatalogCondition = weakAfterStrong(generic, catalogEvent);
  // The catalog's phrase read past where the grammar's clause ends, into what is to be done, and
  // found there the service things are sent to ("whenever someone buys on samcart add them to
  // mailerlite"): the service named in the clause is where it happens.
  const readPastClause = (catalog: EventTrigger, grammar: EventTrigger) =>
    grammar.integration !== catalog.integration &&
    grammar.index >= catalog.index &&
    grammar.index < catalog.index + catalog.clause.length &&
    toldIn(grammar, grammar.integration) &&
    services
      .filter((s) => s.id === catalog.integration)
      .every((s) => s.start >= grammar.index + grammar.clause.length);
  const preferGeneric =
    !!generic &&
    !laterCondition &&
    (!catalogEvent ||
      laterCatalogCondition ||
      readPastClause(catalogEvent, generic) ||
      // ("When Dependabot opens a PR": the pull request the clause says is GitHub's, which its
      // words imply, not the alert of the catalog's phrase.)
      (generic.integration !== catalogEvent.integration &&
        !named(generic.integration) &&
        impliedAnywhere.some((s) => s.id === generic.integration) &&
        !saysThing(catalogEvent) &&
        saysThing(generic)) ||
      (generic.integration !== catalogEvent.integration &&
        onlyAsDestination(catalogEvent) &&
        services.some((s) => s.id === generic.integration && s.end <= generic.index)) ||
      reread(catalogEvent, generic) ||
      recovers(catalogEvent, generic) ||
      (generic.integration !== catalogEvent.integration &&
        toldIn(catalogEvent, generic.integration) &&
        !toldIn(catalogEvent, catalogEvent.integration)) ||
      (generic.integration === catalogEvent.integration &&
        (declared(generic) || overruled(catalogEvent, generic))) ||
      // (Not for the same service: its declared event, which the catalog's phrase read, stands.)
      (!named(catalogEvent.integration) &&
        generic.integration !== catalogEvent.integration &&
        (inClause(catalogEvent) || generic.near)));
  const chosen =
    (preferGeneric ? generic : (catalogEvent ?? generic)) ??
    // (Not where the text says the user starts it: "on demand, take a ticket number, ...".)
    (schedule || ON_DEMAND.test(text) || BY_HAND.test(text)
      ? null
      : clauseStartEvent(
          text,
          words,
          (shifted, shift) => {
            const movedMentions = mentions.map((m) => ({
              ...m,
              start: shift(m.start),
              end: shift(m.end),
            }));
            const movedServices = services.map((m) => ({
              ...m,
              start: shift(m.start),
              end: shift(m.end),
            }));
            return (
              findEvent(shifted, tokenize(shifted), movedMentions) ??
              findGenericEvent(shifted, analyse(shifted), movedServices, (from, to) =>
                movedMentions.some((m) => WATCHED.has(m.id) && m.start < to && m.end > from),
              )
            );
          },
          kind.label === 'event' && kind.probability >= OVERRULE_AT,
        ));
  const event = chosen && createdInstead(chosen);
  const byRules = (): TriggerReading => {
    if (INCOMING.some((pattern) => pattern.test(text)) || systemCallsAgent(words)) {
      return { type: 'webhook', schedule: null, event: null, assumptions: [] };
    }
    // A question about what happened ("who changed the flags this week?") is asked once.
    const opening = text.split(/(?<=[?.!])\s+/)[0] ?? text;
    const asks =
      /\?\s*$/.test(opening) &&
      /^(?:who|what|which|how many|how much|did|was|were|has|have)\b/i.test(opening);
    if (asks || ONE_OFF.test(text) || BY_HAND.test(text)) {
      return { type: 'manual', schedule: null, event: null, assumptions: [] };
    }
    if (!schedule && USER_RUNS.some((pattern) => pattern.test(text))) {
      return { type: 'manual', schedule: null, event: null, assumptions: [] };
    }
    // "review a PR when I give you the link": the user starting it is no event — unless what they
    // do happens in a service the clause names ("when i upload a video to my youtube channel").
    if (event && USER_STARTS.test(event.clause) && !toldIn(event, event.integration) && !schedule) {
      return { type: 'manual', schedule: null, event: null, assumptions: [] };
    }
    // "Email every customer who cancelled their Stripe subscription in the last 30 days": the
    // ones that already happened, once.
    if (event && PAST_PERIOD.test(event.clause) && !schedule) {
      return { type: 'manual', schedule: null, event: null, assumptions: [] };
    }
    // Against a schedule, only a when-clause that comes first makes an event: "every evening, draft
    // replies to the new reviews" and "PRs merged, incidents: post them every Monday" are schedules.
    // A frequency inside the event's own headline describes the thing ("Cronitor says the nightly
    // backup job failed ->").
    const inHeadline =
      !!event &&
      !!schedule &&
      schedule.index > event.index &&
      schedule.index < event.index + event.clause.length &&
      /^\s*(?:,\s*then|->|=>|\u2192|:|=)/.test(text.slice(event.index + event.clause.length));
    // A frequency naming a thing ("After the nightly airbyte sync completes", "our nightly cron
    // job pings Healthchecks.io ... If the check goes down") is no time to run, against a clause
    // that says when, even a weak one.
    const describedInClause =
      !!event &&
      !!schedule &&
      WHEN_CLAUSE.test(event.clause) &&
      rhythmOfThing(words, schedule.index);
    // "Our webinar runs every Thursday on Zoom. Whenever the recording is ready, ...": a
    // schedule in an earlier sentence that tells how things are is background to the request.
    const sentenceOf = (at: number) => words.find((w) => w.end > at)?.sentence ?? -1;
    const scheduleSentence = schedule ? sentenceOf(schedule.index) : -1;
    const background =
      !!event &&
      !!schedule &&
      scheduleSentence < sentenceOf(event.index) &&
      /^(?:our|we|my|there|it|this|they|i)$/i.test(
        words.find((w) => w.sentence === scheduleSentence)?.value ?? '',
      );
    const eventFirst =
      event &&
      (!schedule ||
        (event.strong && event.index < schedule.index && WHEN_CLAUSE.test(event.clause)) ||
        (event.strong && WHEN_CLAUSE.test(event.clause) && background) ||
        (event.strong && inHeadline) ||
        describedInClause);
    if (event && eventFirst) return { type: 'event', schedule: null, event, assumptions: [] };
    if (schedule) {
      return { type: 'schedule', schedule, event: null, assumptions: schedule.assumptions };
    }
    // "when a new post appears", "each new episode" (not "save each as a new draft").
    const waitsForNews =
      /\b(?:when|whenever|if|once|(?:each|every|any) ?time)\b[^.]{0,40}\bnew\b|\b(?:each|every|any)\s+(?:\S+\s+)?new\b/i.test(
        text,
      );
    const prose = text.replace(/https?:\/\/\S+/g, ' ');
    if (!ON_DEMAND.test(prose) && (WATCH.test(prose) || waitsForNews)) {
      return {
        type: 'schedule',
        schedule: { cron: POLL_CRON, text: 'every hour', assumptions: [], index: 0 },
        event: null,
        assumptions: ['Nothing announces new items here, so the agent checks every hour'],
      };
    }
    return { type: 'manual', schedule: null, event: null, assumptions: [] };
  };
  const settled = settleKind(byRules(), kind, { event, schedule }, text);
  // The model of kinds is sure something happening starts it, and the rules read no event nor
  // time at all ("Tickets in our Zendesk ... should be translated ... as soon as they are
  // created"): the first service named as a source, on its declared event of what the text
  // speaks of.
  if (
    settled.type === 'manual' &&
    !event &&
    !schedule &&
    kind.label === 'event' &&
    kind.probability >= SOURCE_AT
  ) {
    const fallback = sourceEvent(text, words, services);
    if (fallback) return { type: 'event', schedule: null, event: fallback, assumptions: [] };
  }
  return settled;
}

/**
 * The event of the first service named as a source of news (not only as where results go), one
 * whose thing the text names first ("the Stripe sync in Fivetran completes": Fivetran's sync):
 * its declared event of that thing, else its only event of something new.
 */
function sourceEvent(
  text: string,
  words: readonly Word[],
  services: readonly ServiceSpan[],
): EventTrigger | null {
  const lemmas = new Set(words.map((w) => w.lemma.replace(/s$/, '')));
  // Whether the text names the event's thing ("sync" for `sync.completed`).
  const named = (e: IntegrationEvent) =>
    thingWords(e.id).some((part) => part.length > 2 && lemmas.has(part.replace(/s$/, '')));
  const saysThing = (id: string) => !!integrationById(id)?.events.some(named);
  const ordered = [
    ...services.filter((s) => saysThing(s.id)),
    ...services.filter((s) => !saysThing(s.id)),
  ];
  for (const service of ordered) {
    const integration = integrationById(service.id);
    if (!integration?.events.length || integration.provider.kind === 'builtin') continue;
    const before = text.slice(Math.max(0, service.start - 60), service.start);
    if (
      SENT_TO.test(before) ||
      MADE_IN.test(text.slice(Math.max(0, service.start - 30), service.start))
    )
      continue;
    const ofThing = integration.events.filter(named);
    const created = integration.events.filter((e) =>
      sameAction(e.id.slice(e.id.lastIndexOf('.') + 1), 'created'),
    );
    const chosen =
      (ofThing.length === 1 ? ofThing[0] : undefined) ??
      ofThing.find((e) => created.includes(e)) ??
      (created.length === 1 ? created[0] : undefined) ??
      (integration.events.length === 1 ? integration.events[0] : undefined);
    if (!chosen) continue;
    const sentence = words.find((w) => w.start >= service.start)?.sentence;
    const inSentence = words.filter((w) => w.sentence === sentence);
    const from = inSentence[0]?.start ?? service.start;
    const to = inSentence.at(-1)?.end ?? service.end;
    return {
      integration: integration.id,
      event: chosen.id,
      index: from,
      strong: false,
      clause: text.slice(from, to),
    };
  }
  return null;
}

/** Words that open a recurrence: "every", "each", "once a", "twice a". */
const RECURRENCE = /^(?:every|each|once an?|twice an?|(?:two|three|[23]) times an?)\b/i;

/** A clause that says when: "when", "whenever", "as soon as", "each time", "once", "new". */
const TOLD_WHEN =
  /\b(?:when|whenever|anytime|everytime|soon|time|moment|once|new|incoming|upon|arrives?|comes? in|lands?)\b/i;

/**
 * The model of kinds overrules the rules' reading where it is sure and the rules found what its
 * kind needs: an event they read, a schedule they parsed. Webhook and manual need nothing.
 */
export function settleKind(
  ruled: TriggerReading,
  kind: { label: AgentTriggerType; probability: number },
  found: { event: EventTrigger | null; schedule: ParsedSchedule | null },
  text = '',
): TriggerReading {
  // A call the description spells out ("our POS will send you a webhook") stands.
  // An event read without a word that says "when" ("go through every contact tagged X", "the
  // reasons customers contact us", a headline that is an order) is a doubtful one: a model that
  // leans to a run by hand wins there at a lower certainty.
  if (
    ruled.type === 'event' &&
    kind.label === 'manual' &&
    kind.probability >= DOUBT_AT &&
    ruled.event &&
    !TOLD_WHEN.test(ruled.event.clause)
  )
    return { type: 'manual', schedule: null, event: null, assumptions: [] };
  if (kind.label === ruled.type || kind.probability < OVERRULE_AT || ruled.type === 'webhook')
    return ruled;
  const { event, schedule } = found;
  switch (kind.label) {
    case 'event':
      return event ? { type: 'event', schedule: null, event, assumptions: [] } : ruled;
    case 'schedule':
      return schedule
        ? { type: 'schedule', schedule, event: null, assumptions: schedule.assumptions }
        : ruled;
    case 'manual':
      // A recurrence written out ("once a week", "every Friday", "each morning") is a schedule
      // however the rest reads.
      if (
        ruled.type === 'schedule' &&
        ruled.schedule &&
        RECURRENCE.test(text.slice(ruled.schedule.index, ruled.schedule.index + 40))
      )
        return ruled;
      return { type: kind.label, schedule: null, event: null, assumptions: [] };
    case 'webhook':
      return { type: kind.label, schedule: null, event: null, assumptions: [] };
  }
}

import type { AgentPlan, AgentSpec, PlanStep, ToolPlanStep } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { analyse } from './nlp.ts';
import { escapeRegExp } from './text.ts';
import type { StepKind } from './tools.ts';

// The typed plan of a description: its steps (plan.ts) turned into steps the executor runs. A step
// that reads an address the description gives (a URL, a feed) or sends to one (a webhook, an
// e-mail address) becomes a tool step with its arguments filled in; language work (summarise,
// draft, translate, classify) becomes a model step reading the step before; anything else is
// left to an agent step, the model loop with the step's tools. Nothing here guesses an argument:
// a tool step is written only when every value it needs is in the description or comes from the
// step before.

const URL_PATTERN = /https?:\/\/[^\s"'<>()[\]{}]+/gi;
const EMAIL_PATTERN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Verbs that read what is at an address. */
const READING =
  /^(?:fetch|get|read|check|load|download|poll|ping|hit|call|query|grab|pull|scrape|visit|open|monitor|watch|look at|go to|see)\b/i;
/** Language work: what a model step does. */
const LANGUAGE =
  /\b(?:summari[sz]e|summary|translate|draft|rewrite|write|classify|categori[sz]e|extract|analy[sz]e|compare|score|explain|condense|shorten|turn (?:it|them|this) into|pick out|pull out|list the (?:key|main))\b/i;
/** Words that say what starts a step that only says the run was started. */
const TRIGGER_TEXT = /^Read the (?:request body|.+ event) that started the run\b/;
/** "if it is down", "if the site goes down", "when it fails". */
const DOWN =
  /[,;]?\s*\b(?:and\s+)?(?:if|when|whenever)\s+(?:it|the\s+\w+|that)\s*(?:'s|is|goes|returns|comes back|isn't|is not|seems)?\s*(?:down|unreachable|offline|failing|fails|broken|not (?:ok|up|200|reachable)|an error|erroring|not responding)\b[,]?\s*(?:then\s+)?/i;
/**
 * Words that make sending depend on what was read ("email me if it drops below $400", "as soon as
 * the page says tickets are available"): a tool step would send every time, so the step is left
 * to the model unless the plan writes the condition out itself.
 */
const CONDITIONAL =
  /\b(?:if|when|whenever|unless|only|as soon as|once|in case|below|above|under|over|drops?|rises?|changes?|more than|less than|fewer than|at least|no more than|anything|any|new)\b/i;

/**
 * A condition stated in a description, besides the event that starts it: "if", "unless", "only",
 * "except", "otherwise", a comparison ("more than 200", "below $400").
 */
const STATED_CONDITION =
  /\b(?:if|unless|only|except|otherwise|in case|provided that|as long as|more than|less than|fewer than|at least|at most|no more than|greater than|above|below|exceeds?|drops? (?:below|under)|rises? above)\b/i;

/** Verbs of sending, and the words after them up to where it goes (`to`, `in`, a channel…). */
const SENT_THING =
  /\b(?:send|post|share|forward|push|deliver|e-?mail|mail|drop|put)\s+((?:(?!\b(?:to|in|into|on|at|with|via|over|through)\b)[^#.,;:!?@])*)/i;

/**
 * Whether a sending step picks some of what it has ("post hot leads to #sales", "email urgent
 * tickets to me") rather than sending it all ("post it", "send the summary"): a bare noun phrase
 * is a selection, which only the model can make.
 */
function selectsWhatItSends(text: string): boolean {
  const thing = SENT_THING.exec(text)?.[1]?.trim();
  if (!thing) return false;
  return !/^(?:it|them|this|that|these|those|the|a|an|what|everything|all|my|our|your|its|their|me|us|him|her)\b/i.test(
    thing,
  );
}

/** An address "me" stands for: the agent's owner. */
const TO_ME = /\b(?:e-?mail|mail|send|forward)\b[^.]*\b(?:me|myself)\b|\bto me\b/i;
/** "Me" and someone else, with no address to send the other to ("me and raj", "me and the nurse"). */
const ME_AND_OTHERS =
  /\b(?:me|myself)\s*(?:,|\band\b|\bor\b|&|\+|\bplus\b|\bcc\b)\s*(?!https?:)[\w'’-]/i;

/** What a planned step's output is, for the next step to read it. */
type Produced = { id: string; as: 'http' | 'page' | 'feed' | 'text' | 'json' | 'input' };

/** The built-in a reading step calls for its address. */
function readerFor(
  text: string,
  url: string,
  /** The tools the compiler chose for the step: its reader, when it chose one, is kept. */
  chosen: readonly string[] = [],
): { tool: string; args: Record<string, unknown>; as: Produced['as'] } {
  if (chosen.includes('rss.read_feed')) return { tool: 'rss.read_feed', args: { url }, as: 'feed' };
  if (chosen.includes('web-page.fetch_page'))
    return { tool: 'web-page.fetch_page', args: { url }, as: 'page' };
  if (chosen.includes('http-request.http_request'))
    return { tool: 'http-request.http_request', args: { method: 'GET', url }, as: 'http' };
  if (
    /\b(?:rss|atom|feed)\b/i.test(text) ||
    /(?:\/feed\/?|\.rss|\.xml|\/rss\/?|\.atom)$/i.test(url)
  ) {
    return { tool: 'rss.read_feed', args: { url }, as: 'feed' };
  }
  if (
    /\b(?:page|article|site|website|blog post|post)\b/i.test(text) &&
    !/\bapi\b/i.test(url + text)
  ) {
    return { tool: 'web-page.fetch_page', args: { url }, as: 'page' };
  }
  return { tool: 'http-request.http_request', args: { method: 'GET', url }, as: 'http' };
}

/** A reference to what a step produced, as the next one wants it: data, or text to read. */
function refTo(previous: Produced | null, want: 'data' | 'text'): string {
  if (!previous || previous.as === 'input') return '{{input}}';
  const at = `steps.${previous.id}`;
  switch (previous.as) {
    case 'http':
      return `{{${at}.body}}`;
    case 'page':
      return want === 'text' ? `{{${at}.text}}` : `{{${at}}}`;
    case 'feed':
      return `{{${at}.items}}`;
    default:
      return `{{${at}}}`;
  }
}

const bare = (placeholder: string) => placeholder.slice(2, -2);

const trimUrl = (url: string) => url.replace(/[.,;:!?]+$/, '');

/** A step of the spec: its words and tools, and, from the embedded compiler, its kind. */
type SpecStep = { text: string; tools: readonly string[]; kind?: StepKind };

export type TypedPlanInput = {
  steps: readonly SpecStep[];
  /** The spec's integrations: a step that names one of them reads or writes it. */
  integrations?: readonly string[];
  /** The agent's name: the subject of the e-mail it sends. */
  name: string;
  /**
   * The description the steps come from: a condition it states anywhere ("If the company has more
   * than 200 employees, ping #sales") keeps sending out of tool steps, which would always send.
   */
  description?: string;
  /** Services the description names that Spoke cannot run: a step naming one needs a tool. */
  unavailable?: readonly string[];
  /** The service whose event starts the run: it needs no step of its own. */
  triggerIntegration?: string;
  /** That event (`file.created`): what the run's input is about. */
  triggerEvent?: string;
};

export type TypedPlan = {
  plan: AgentPlan;
  /** Built-ins the plan calls that the spec does not list yet ("fetch https://..."). */
  builtins: string[];
};

/** The typed plan of a description's steps. */
export function typedPlan({
  steps,
  name,
  integrations = [],
  description = '',
  unavailable = [],
  triggerIntegration,
  triggerEvent = '',
}: TypedPlanInput): TypedPlan {
  // Services other than the built-ins, by the names a step would use for them.
  const services = [
    ...integrations
      .map((id) => integrationById(id))
      .filter((integration) => integration && integration.provider.kind !== 'builtin')
      .map((integration) =>
        [integration!.name, integration!.id.replace(/-/g, ' ')].map((n) => n.toLowerCase()),
      ),
    ...unavailable.map((n) => [n.toLowerCase()]),
  ];
  // What the run's input is about: the event's object and the clauses that say what starts it.
  const about = [
    triggerEvent.split('.')[0]!.replace(/_/g, ' '),
    ...clausesOf(description).filter((clause) => STARTING_CLAUSE.test(clause)),
  ].join(' ');
  // A condition the plan does not write out: whatever is sent is left to the model.
  const conditional = STATED_CONDITION.test(
    description.replace(new RegExp(DOWN.source, 'gi'), ' '),
  );
  const namesService = (text: string) => {
    const lower = text.toLowerCase();
    return services.some((names) =>
      names.some((n) => new RegExp(`\\b${escapeRegExp(n)}\\b`).test(lower)),
    );
  };
  const out: PlanStep[] = [];
  const builtins = new Set<string>();
  const taken = new Set<string>();
  const idFor = (base: string) => {
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
    taken.add(id);
    return id;
  };
  let previous: Produced | null = null;
  const addTool = (base: string, step: Omit<ToolPlanStep, 'id' | 'kind'>, as: Produced['as']) => {
    const id = idFor(base);
    out.push({ id, kind: 'tool', ...step });
    builtins.add(step.tool.split('.')[0]!);
    previous = { id, as };
    return id;
  };
  const addModel = (instruction: string, note: string) => {
    const id = idFor(
      /translat/i.test(instruction)
        ? 'translate'
        : /draft|write|rewrite/i.test(instruction)
          ? 'draft'
          : /classif|categori|score/i.test(instruction)
            ? 'classify'
            : /extract|pick out|pull out/i.test(instruction)
              ? 'extract'
              : 'summary',
    );
    out.push({
      id,
      kind: 'model',
      note,
      instruction,
      inputs: [bare(refTo(previous, 'text'))],
      output: { type: 'text' },
    });
    previous = { id, as: 'text' };
  };
  const addAgent = (step: SpecStep) => {
    const last = out.at(-1);
    // Work the plan cannot spell out, step after step, is one model loop.
    if (last?.kind === 'agent' && previous?.id === last.id) {
      last.instruction = `${last.instruction}\n${step.text}`.slice(0, 2000);
      return;
    }
    const id = idFor('work');
    // (Every tool of the agent: the step's own are where it starts, not all it may need.)
    out.push({
      id,
      kind: 'agent',
      instruction: step.text,
      tools: [],
      ...(previous ? { inputs: [bare(refTo(previous, 'data'))] } : {}),
    });
    previous = { id, as: 'text' };
  };

  for (const step of steps) {
    // What started the run (a webhook's body, an event) is the run's input.
    if (TRIGGER_TEXT.test(step.text)) {
      previous = { id: 'input', as: 'input' };
      continue;
    }
    const text = step.text;
    const urls = [...text.matchAll(URL_PATTERN)].map((m) => trimUrl(m[0]));
    const emails = emailsIn(text);
    const others = step.tools.filter(
      (tool) => !/^(?:http-request|web-page|rss|webhook|email)\./.test(tool),
    );
    const down = DOWN.exec(text);
    const sending = /\b(?:send|post|forward|push|deliver|notify|alert|ping|e-?mail|mail)\b/i;

    // "Check https://status.example.com and if it is down email ops@example.com": read, decide,
    // send — when both halves can be written out.
    if (down && others.length === 0 && !LANGUAGE.test(text.slice(0, down.index))) {
      const before = text.slice(0, down.index).trim();
      const after = text.slice(down.index + down[0].length);
      const readUrl = [...before.matchAll(URL_PATTERN)].map((m) => trimUrl(m[0]))[0];
      const alert =
        readUrl && READING.test(before)
          ? sendStep(after, idFor, name, null, step.tools, `${readUrl} is down`)
          : null;
      if (readUrl && alert) {
        const reader = readerFor(before, readUrl, step.tools);
        const check = idFor('check');
        out.push({
          id: check,
          kind: 'tool',
          note: before,
          tool: reader.tool,
          args: reader.args,
          on_error: 'continue',
        });
        out.push({
          id: idFor('if_down'),
          kind: 'if',
          note: down[0].replace(/^[\s,;]+|[\s,]+$/g, ''),
          // A status of 400 or more, or no answer at all.
          condition:
            reader.as === 'http'
              ? { value: `steps.${check}.ok`, op: 'is_false' }
              : { value: `steps.${check}.error`, op: 'is_not_empty' },
          then: [alert],
        });
        builtins.add(reader.tool.split('.')[0]!);
        builtins.add(alert.tool.split('.')[0]!);
        previous = { id: check, as: reader.as };
        continue;
      }
    }

    // Reading an address, then perhaps language work on what was read: only when the step asks
    // nothing else ("hit https://.../health, if it does not answer 200 open an incident" does).
    const language = LANGUAGE.exec(text);
    if (
      urls.length === 1 &&
      READING.test(text) &&
      others.length === 0 &&
      !sending.test(text.replace(READING, '')) &&
      onlyTheRead(text, urls[0]!, language) &&
      (!language || onlyLanguageWork(text.slice(language.index)))
    ) {
      const reader = readerFor(text, urls[0]!, step.tools);
      const readPart = language
        ? text.slice(0, language.index).replace(/[,\s]+(?:and|then)?\s*$/i, '')
        : text;
      addTool(
        reader.as === 'feed' ? 'feed' : reader.as === 'page' ? 'page' : 'fetch',
        { note: readPart, tool: reader.tool, args: reader.args },
        reader.as,
      );
      if (language) {
        const instruction = text.slice(language.index).trim();
        addModel(instruction.charAt(0).toUpperCase() + instruction.slice(1), instruction);
      }
      continue;
    }

    // Sending to an address the description gives, whatever was read.
    if (
      !conditional &&
      !CONDITIONAL.test(text) &&
      !selectsWhatItSends(text) &&
      sending.test(text) &&
      others.length === 0 &&
      (urls.length === 1 || emails.length > 0 || TO_ME.test(text)) &&
      // (An agent step's answer is its report of what it did, not the message to send.)
      !out.some((step) => step.id === previous?.id && step.kind === 'agent') &&
      // What started the run is sent as it came, when the step sends "it", not something made of it
      // ("email me the build logs" needs them fetched, "which site, which commit" written).
      (previous?.as !== 'input' || sendsItAsItCame(text))
    ) {
      const send = sendStep(text, idFor, name, previous, step.tools);
      if (send) {
        out.push(send);
        builtins.add(send.tool.split('.')[0]!);
        previous = { id: send.id, as: 'json' };
        continue;
      }
    }

    // Posting what came before, as written words, to the Slack channels the step names ("post the
    // summary to #sales"): the channel is the description's, the words a step's output.
    const channels = slackChannels(text);
    if (
      channels.length &&
      // (Words a model step wrote, or a page: an agent step's answer is its report, not a message.)
      (previous?.as === 'page' ||
        (previous?.as === 'text' &&
          out.some((step) => step.id === previous!.id && step.kind === 'model'))) &&
      !conditional &&
      !CONDITIONAL.test(text) &&
      !selectsWhatItSends(text) &&
      step.tools.includes(SLACK_POST) &&
      step.tools.every((tool) => tool === SLACK_POST)
    ) {
      const words = refTo(previous, 'text');
      // (What was posted is not what a later step reads: that is still the words.)
      const source: Produced = previous;
      for (const channel of channels) {
        addTool(
          'post',
          { note: text, tool: SLACK_POST, args: { channel_id: channel, text: words } },
          'json',
        );
      }
      previous = source;
      continue;
    }

    // Language work on what came before, with no tool of its own (not on a service it names:
    // "summarise new Zendesk tickets" must read them first).
    if (
      previous &&
      !namesService(text) &&
      step.tools.length === 0 &&
      (step.kind === 'process' || LANGUAGE.test(text)) &&
      onlyLanguageWork(text, previous.as === 'input' ? about : null) &&
      !urls.length
    ) {
      addModel(text, text);
      continue;
    }

    addAgent(step);
  }
  // Work the description asks that no step holds ("… and tick that kid off in my roster"): a plan
  // of tool and model steps would leave it undone, so the agent's own loop does the whole job.
  const used = new Set(
    out
      .flatMap((step) => [
        step,
        ...(step.kind === 'if' ? [...step.then, ...(step.else ?? [])] : []),
      ])
      .flatMap((step) => (step.kind === 'tool' ? [step.tool.split('.')[0]!] : [])),
  );
  const unused = integrations.some((id) => {
    const integration = integrationById(id);
    return integration?.provider.kind !== 'builtin' && id !== triggerIntegration && !used.has(id);
  });
  if (
    !out.some((step) => step.kind === 'agent') &&
    (unused || unavailable.length > 0 || (description && leftOut(description, steps)))
  ) {
    const work = steps.filter((step) => !TRIGGER_TEXT.test(step.text));
    const started = work.length < steps.length;
    builtins.clear();
    return {
      plan: {
        steps: [
          {
            id: 'work',
            kind: 'agent',
            instruction:
              work
                .map((step) => step.text)
                .join('\n')
                .slice(0, 2000) || name,
            tools: [],
            ...(started ? { inputs: ['input'] } : {}),
          },
        ],
      },
      builtins: [],
    };
  }
  return { plan: { steps: out }, builtins: [...builtins] };
}

/**
 * A description's clauses, addresses set aside (their dots end nothing); with an arrow, what comes
 * before the first one is one clause: what starts the run.
 */
function clausesOf(description: string): string[] {
  const text = description.replace(URL_PATTERN, ' there ').replace(EMAIL_PATTERN, ' someone ');
  const split = (part: string) => part.split(/[.;:!?\n]|,|\s[-–—]\s/);
  const arrow = /→|⇒|->/.exec(text);
  if (!arrow) return split(text);
  return [
    `when ${text.slice(0, arrow.index)}`,
    ...text
      .slice(arrow.index + arrow[0].length)
      .split(/→|⇒|->/)
      .flatMap(split),
  ];
}

/** Verbs that carry no work of their own ("could you", "I want", "make sure"). */
const FILLER_VERBS = new Set(
  'be have do get want need like can could would will should please let know thank help try wish hope mean ask run start use'.split(
    ' ',
  ),
);

/** A clause that says what starts the run, or who calls the agent, rather than what it does. */
const STARTING_CLAUSE =
  /^\s*(?:(?:and|but|so)\s+)?(?:when|whenever|each time|every time|everytime|any ?time|as soon as|once|after|the moment|if|on (?:each|every)|every|for (?:each|every))\b|\b(?:this agent|the agent|your url|its url|a webhook|the webhook|payload|endpoint)\b/i;

/**
 * Whether the description asks for work no step holds: a verb outside the clauses that say what
 * starts the run whose lemma no step (nor the trigger's words) has.
 */
function leftOut(description: string, steps: readonly SpecStep[]): boolean {
  const said = new Set(analyse(steps.map((step) => step.text).join('. ')).map((w) => w.lemma));
  return clausesOf(description)
    .filter((clause) => !STARTING_CLAUSE.test(clause))
    .some((clause) =>
      analyse(clause).some(
        (word) =>
          word.pos === 'VERB' &&
          !word.stop &&
          !FILLER_VERBS.has(word.lemma) &&
          !said.has(word.lemma),
      ),
    );
}

/** The Slack tool that posts a message; its `channel_id` takes a channel's name ("#sales"). */
const SLACK_POST = 'slack.conversations_add_message';

/**
 * The Slack channels a text names, "#" and all, at most five (a channel's name: lower-case
 * letters, digits, "-" and "_", up to 80). A "#" inside a URL or a word ("C#", "issue#12") is none.
 */
function slackChannels(text: string): string[] {
  const outsideUrls = text.replace(URL_PATTERN, ' ');
  const found = [...outsideUrls.matchAll(/(?<![\w#&/])#([a-z0-9][a-z0-9_-]{0,79})(?![\w#])/gi)]
    .map((m) => `#${m[1]!.toLowerCase().replace(/[-_]+$/, '')}`)
    // A number is an issue or a rank ("#12"), not a channel.
    .filter((channel) => !/^#\d+$/.test(channel));
  return [...new Set(found)].slice(0, 5);
}

/**
 * What a model step can do with the words it is given, by verb: everything else (update a sheet,
 * leave a note, reopen a ticket, use a title it would have to fetch) needs tools.
 */
const LANGUAGE_VERBS = new Set(
  (
    'summarise summarize translate draft write rewrite reword paraphrase classify categorise ' +
    'categorize extract analyse analyze compare score rate rank explain condense shorten turn ' +
    'pick pull list group sort count total sum calculate compute recompute recalculate ' +
    'tally detect identify decide judge format suggest propose proofread highlight outline ' +
    'compose craft generate produce prepare estimate predict guess infer evaluate assess ' +
    'describe convert simplify expand polish edit answer be keep make'
  ).split(' '),
);

/** Words after a verb of writing that send the words somewhere ("write it to the sheet"). */
const WRITTEN_SOMEWHERE =
  /\b(?:write|put|save|store|paste|copy|add|log|record|append|insert|upload|attach|push|turn)\b[^.;]*?\b(?:to|into|onto|in|on|back|as)\s+(?:(?:the|a|an|our|my|their|its|that|this|each|every|new)\s+)*(?:[\w-]+\s+){0,3}?(?:sheet|spreadsheet|doc|document|page|row|record|field|column|tab|database|table|base|board|card|ticket|issue|task|note|comment|crm|lead|deal|contact|file|folder|draft|campaign|calendar|list|channel|thread|post|pr|repo)s?\b/i;

/** Where words go rather than what they say: "into that page", "as a comment on the PR". */
const PUT_SOMEWHERE =
  /\b(?:into|onto|back (?:in)?to|back on)\s+(?:(?:the|a|an|our|my|their|its|that|this|each|every|new)\s+)*(?:[\w-]+\s+){0,3}?(?:sheet|spreadsheet|doc|document|page|row|record|field|column|tab|database|table|base|board|card|ticket|issue|task|note|crm|file|folder|calendar|list|channel|thread|post|repo)s?\b|\bas an?\s+(?:[\w-]+\s+){0,2}?(?:comment|note|reply|message|post|issue|ticket|task|card|row|page|doc|document|draft (?:campaign|post|email|reply))s?\b/i;

/**
 * Things an event points to rather than carries (a file's name, not its pages; a pull request's
 * title, not its diff): language work on them needs them fetched first.
 */
const POINTED_TO =
  /\b(?:diff|diffs|file|files|folder|pdf|pdfs|attachment|attachments|logs?|build log|code|recording|transcript|video|image|photo|screenshot|commits?|changes|changeset|patch|patchset|stack ?trace|repo|repository)\b/i;

/**
 * Whether a step is language work alone, which a model step does with no tool: it has a verb of
 * language work and no other, and puts the words nowhere.
 */
function onlyLanguageWork(
  text: string,
  /** When the words are what started the run: what that is about ("someone uploads a PDF"). */
  onInput: string | null = null,
): boolean {
  if (WRITTEN_SOMEWHERE.test(text) || PUT_SOMEWHERE.test(text)) return false;
  if (onInput !== null && POINTED_TO.test(`${text} ${onInput}`)) return false;
  const verbs = analyse(text).filter((word) => word.pos === 'VERB');
  const language = (word: (typeof verbs)[number]) =>
    LANGUAGE_VERBS.has(word.lemma) || LANGUAGE_VERBS.has(word.lower);
  return verbs.every(language) && (verbs.some(language) || LANGUAGE.test(text));
}

/** Whether a sending step sends what started the run as it is: "it", "them", "the details". */
function sendsItAsItCame(text: string): boolean {
  const thing = SENT_THING.exec(text)?.[1]?.trim() ?? '';
  const object = thing.replace(/^(?:me|us|him|her|them)\s+(?=\S)/i, '');
  return /^(?:it|them|this|that|these|those|the (?:event|details|request|payload|data|body|json|request body|message|submission|response|entry|complaint|review|form)|everything|all of it|what (?:it|they) (?:sends?|gets?|receives?))?$/i.test(
    object,
  );
}

/** Whether a reading step asks nothing but the read (and the language work that follows it). */
function onlyTheRead(text: string, url: string, language: RegExpExecArray | null): boolean {
  const end = text.indexOf(url) + url.length;
  const rest = text.slice(end, language && language.index >= end ? language.index : undefined);
  return /^[\s,.;:!)]*(?:(?:and|then|to|so)\b[\s,]*)?(?:(?:and|then)\b[\s,]*)?$/i.test(rest);
}

/** E-mail addresses in a text (not the ones inside a URL). */
function emailsIn(text: string): string[] {
  const urls = [...text.matchAll(URL_PATTERN)].map((m) => m[0]);
  return [...text.matchAll(EMAIL_PATTERN)]
    .map((m) => m[0])
    .filter((email) => !urls.some((url) => url.includes(email)));
}

/**
 * The tool step that sends what came before to the address the text gives: a webhook URL, an
 * e-mail address (or "me": the owner), or a URL to POST to. Null when the text gives none.
 */
function sendStep(
  text: string,
  idFor: (base: string) => string,
  name: string,
  previous: Produced | null,
  /** The tools the compiler chose for the step (`email.send_email` says it goes by e-mail). */
  chosen: readonly string[],
  fallbackText?: string,
): ToolPlanStep | null {
  const urls = [...text.matchAll(URL_PATTERN)].map((m) => trimUrl(m[0]));
  const emails = emailsIn(text);
  // Nothing to send but a message of its own: the work is left to the model.
  if (!previous && !fallbackText) return null;
  const what = previous ? refTo(previous, 'data') : null;
  const words = previous ? refTo(previous, 'text') : null;
  // Sent to the address, not read from it: "post it to our webhook https://...", "send the
  // JSON to https://..." ("call https://.../health ... open an alert" sends nothing there).
  const hook =
    /\b(?:web)?hook(?:\s+(?:url|address|endpoint))?\s*(?:at\b|:|is\b|=)?\s*https?:/i.test(text);
  const sentTo =
    /\b(?:send|post|push|forward|deliver)\b(?:(?!https?:)[^.;]){0,80}?\b(?:to|at|into)\s+(?:[\w-]+\s+){0,4}?https?:/i.test(
      text,
    );
  if (urls.length === 1 && (hook || sentTo)) {
    const payload = what ?? { text: fallbackText ?? name };
    const id = idFor('send');
    if (hook || !/\bpost\b/i.test(text)) {
      return {
        id,
        kind: 'tool',
        note: text.trim(),
        tool: 'webhook.send_webhook',
        // (Text is sent as {"text": ...}, the shape chat webhooks read.)
        args: { url: urls[0]!, payload: previous?.as === 'text' ? { text: payload } : payload },
      };
    }
    return {
      id,
      kind: 'tool',
      note: text.trim(),
      tool: 'http-request.http_request',
      args: { method: 'POST', url: urls[0]!, body: payload },
    };
  }
  const toMe = TO_ME.test(text) && !ME_AND_OTHERS.test(text);
  const to = emails.length ? emails.slice(0, 10) : toMe ? ['{{owner.email}}'] : [];
  // (By e-mail only when the step says so or writes an address: "send me a Telegram message"
  // goes by Telegram.)
  if (to.length && (emails.length || chosen.includes('email.send_email'))) {
    return {
      id: idFor('email'),
      kind: 'tool',
      note: text.trim(),
      tool: 'email.send_email',
      args: {
        to,
        subject: fallbackText ? `${name}: ${fallbackText}` : name,
        text: words ?? fallbackText ?? name,
      },
    };
  }
  return null;
}

/**
 * The spec with its typed plan, and the built-ins the plan calls added to its integrations (each
 * with the words of the step that uses it).
 */
export function withPlan(
  spec: AgentSpec,
  kinds: readonly StepKind[] = [],
  /** What the person wrote (the spec's summary when it is not known). */
  description: string = spec.summary,
): AgentSpec {
  const steps = spec.steps.map((step, k) => (kinds[k] ? { ...step, kind: kinds[k] } : step));
  const { plan, builtins } = typedPlan({
    steps,
    name: spec.name,
    integrations: spec.integrations.map((integration) => integration.id),
    description,
    unavailable: (spec.unavailable ?? []).map((service) => service.name),
    ...(spec.trigger.type === 'event'
      ? { triggerIntegration: spec.trigger.integration, triggerEvent: spec.trigger.event }
      : {}),
  });
  const listed = new Set(spec.integrations.map((integration) => integration.id));
  const added = builtins
    .filter((id) => !listed.has(id) && integrationById(id))
    .map((id) => {
      const use = plan.steps.find((step) => step.kind === 'tool' && step.tool.startsWith(`${id}.`));
      const why = use?.note ?? integrationById(id)!.description;
      return { id, why: why.slice(0, 300), config: [] };
    });
  const integrations = [...spec.integrations, ...added];
  if (integrations.length > 20) return spec;
  return { ...spec, integrations, plan };
}

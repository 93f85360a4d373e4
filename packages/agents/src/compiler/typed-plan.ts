import type { AgentPlan, AgentSpec, PlanStep, ToolPlanStep } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
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

/** An address "me" stands for: the agent's owner. */
const TO_ME = /\b(?:e-?mail|mail|send|forward)\b[^.]*\b(?:me|myself)\b|\bto me\b/i;

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
};

export type TypedPlan = {
  plan: AgentPlan;
  /** Built-ins the plan calls that the spec does not list yet ("fetch https://..."). */
  builtins: string[];
};

/** The typed plan of a description's steps. */
export function typedPlan({ steps, name, integrations = [] }: TypedPlanInput): TypedPlan {
  // Services other than the built-ins, by the names a step would use for them.
  const services = integrations
    .map((id) => integrationById(id))
    .filter((integration) => integration && integration.provider.kind !== 'builtin')
    .map((integration) =>
      [integration!.name, integration!.id.replace(/-/g, ' ')].map((n) => n.toLowerCase()),
    );
  const namesService = (text: string) => {
    const lower = text.toLowerCase();
    return services.some((names) =>
      names.some((n) =>
        new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(lower),
      ),
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

    // Reading an address, then perhaps language work on what was read.
    if (
      urls.length === 1 &&
      READING.test(text) &&
      others.length === 0 &&
      !sending.test(text.replace(READING, ''))
    ) {
      const reader = readerFor(text, urls[0]!, step.tools);
      const language = LANGUAGE.exec(text);
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
      !CONDITIONAL.test(text) &&
      sending.test(text) &&
      others.length === 0 &&
      (urls.length === 1 || emails.length > 0 || TO_ME.test(text))
    ) {
      const send = sendStep(text, idFor, name, previous, step.tools);
      if (send) {
        out.push(send);
        builtins.add(send.tool.split('.')[0]!);
        previous = { id: send.id, as: 'json' };
        continue;
      }
    }

    // Language work on what came before, with no tool of its own (not on a service it names:
    // "summarise new Zendesk tickets" must read them first).
    if (
      previous &&
      !namesService(text) &&
      step.tools.length === 0 &&
      (step.kind === 'process' || LANGUAGE.test(text)) &&
      !urls.length
    ) {
      addModel(text, text);
      continue;
    }

    addAgent(step);
  }
  return { plan: { steps: out }, builtins: [...builtins] };
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
  const to = emails.length ? emails.slice(0, 10) : TO_ME.test(text) ? ['{{owner.email}}'] : [];
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
export function withPlan(spec: AgentSpec, kinds: readonly StepKind[] = []): AgentSpec {
  const steps = spec.steps.map((step, k) => (kinds[k] ? { ...step, kind: kinds[k] } : step));
  const { plan, builtins } = typedPlan({
    steps,
    name: spec.name,
    integrations: spec.integrations.map((integration) => integration.id),
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

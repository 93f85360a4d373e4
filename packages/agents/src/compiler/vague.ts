import type { AgentSpec } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { analyse, type Word } from './nlp.ts';
import { escapeRegExp, normalize, otherScriptLetters } from './text.ts';

// Some descriptions give nothing to build from: keyboard mash ("asdf qwer"), a word ("help"), a
// wish with no task in it ("make my business better"). Those get a question back instead of an
// agent that would do nothing useful.

/** Work a model does with words alone: enough for an agent with no service and no trigger. */
const TASK_VERBS = new Set(
  `translate summarise summarize summary write draft rewrite redraft explain review research compare
  list find check calculate compute convert generate answer reply respond classify categorise
  categorize extract proofread correct edit plan suggest recommend analyse analyze tell look
  search brainstorm give outline describe estimate count sort rank score tag label format clean
  parse validate remind schedule track monitor watch fetch read scrape collect gather send post
  create compose polish shorten expand simplify transcribe caption name title teach quiz test
  debug refactor document prepare organise organize triage merge split dedupe deduplicate convert export
  import show upload download move copy rename archive assign sync add remove notify alert flag
  grade approve invite turn log append save store update delete reply build design fill reconcile
  chase restart redeploy deploy rotate scale rerun rollback backup renew pause resume resend`.split(
    /\s+/,
  ),
);
/**
 * Verbs of work in Chinese, Japanese and Korean ("翻译成中文", "まとめて送って", "요약해서 보내"):
 * a request in those scripts that asks for one has a job in it, whatever service it names.
 */
const WORK_IN_SCRIPT =
  /翻译|总结|汇总|发送|发布|提醒|通知|生成|检查|回复|整理|创建|更新|分析|统计|同步|备份|送って|送信|まとめ|作成|確認|返信|翻訳|要約|投稿|登録|追加|知らせ|集計|요약|보내|알려|번역|작성|정리|게시|답변|등록|写|存成|保存|改写|转发|记录|添加|下書き|予約|書い|調べ|作っ|저장|기록|추가|拉取|获取|抓取|查询|导出|上传|推送|发到|提取|取得|チェック|가져와|확인|올려|присыл|пришли|отправ|собира|собери|проверь|проверя|создай|напиши|добавь|обнови|أرسل|اكتب|لخص|أضف|انشر|تحقق|أنشئ|στείλε|γράψε|έλεγξε|δημιούργησε|πρόσθεσε|ενημέρωσε|βρες|ετοίμασε|φτιάξε|найди|сравни|подготовь|составь|переведи|ответь|отвечай|опубликуй|публикуй|знайди|надішли|підготуй|склади|перевір|створи|додай|публікуй|만들어|찾아|探し|比较|制作|переименуй|переложи|сохрани|перешли|пересылай|посчитай|выгрузи|создавай|напоминай|надсилай|перейменуй|збережи|порахуй/iu;
/** A question about the product itself: whether it works with something, what it costs. */
const ASKED_OF_PRODUCT =
  /^\s*(?:(?:does|do|can|will|would|is)\s+(?:it|this|spoke|you|u|your\s+\w+)\s+(?:work|integrate|support|connect|cost|run|offer|be)\b|how\s+much\s+(?:does|is|do)\s+(?:it|this|spoke|you|your\s+\w+)\b)/i;
/** Ways of sending that English uses as verbs: "email the invoice", "text me". */
const SENDING_BY = new Set(['email', 'e-mail', 'mail', 'text', 'message', 'forward', 'dm', 'ping']);
/** Verbs that name no work by themselves. */
const EMPTY_VERBS = new Set(
  `be have do make help want need get try go let discuss talk think know mean like see say automate
  improve optimise optimize fix grow boost handle streamline better`.split(/\s+/),
);
/** Verbs of a wish, not a job: "go viral", "help me with", "grow", "boost". */
const WISHES = new Set('go help grow boost improve'.split(' '));
/** Empty verbs of doing: what follows them is a thing, not more work ("handle the alerts"). */
const DOING = new Set(
  'do make handle fix improve optimise optimize streamline boost grow automate help'.split(' '),
);
/** Words of someone who has not decided yet: "something with slack maybe?", "idk". */
const HEDGES = new Set(
  `something anything stuff maybe idk dunno whatever somehow hmm hm um umm eh ok okay so like just
  yeah well oh lol`.split(/\s+/),
);
/** A shrug in words: "blue banana protocol, weekly, u know". */
const SHRUGS = /\b(?:u|you|ya) know\b/i;
/** "hmmm", "ummm", "uhh": a sound, not a word. */
const isHedge = (word: string) =>
  HEDGES.has(word) || /^(?:h+m+|u+m+|u+h+|e+h+|a+h+|u+g+h+|a+r+g+h+|m+e+h+|sigh)$/.test(word);
const QUESTION_WORDS = new Set([
  'what',
  "what's",
  'which',
  'how',
  'when',
  'who',
  'where',
  'is',
  'are',
]);

/** What people ask of the product itself: "what integrations do you support?", "is there an app?". */
const PRODUCT_NOUNS = new Set(
  `integration app application mobile price pricing plan cost trial feature account version api language support
  limit template login signup guy phone device browser computer laptop tablet`.split(/\s+/),
);
/** Words pointing back at work done before, named no further: "the usual", "again". */
const POINTING_BACK =
  /\b(?:again|the usual|like last time|as before|same as (?:before|last time))\b/i;

/** Nouns that name no particular thing to work on. */
// (a question needs one thing that is not these)
const EMPTY_NOUNS = new Set(
  `thing things stuff something anything everything business company life work agent bot
  assistant automation task tasks job jobs way idea ideas help shop store startup website site
  team usual`.split(/\s+/),
);

const VOWELS = /[aeiouy]/;
const CALENDAR = new Set(
  `monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday week weekend
  month morning evening night`.split(/\s+/),
);

const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
/** Letters typed by running along a row of the keyboard: "asdf", "qwer", "hjkl", "uiop". */
const alongRow = (word: string) =>
  word.length >= 3 &&
  [...word].slice(1).every((letter, k) =>
    KEY_ROWS.some((row) => {
      const a = row.indexOf(word[k]!);
      const b = row.indexOf(letter);
      return a !== -1 && b !== -1 && Math.abs(a - b) === 1;
    }),
  );

/**
 * A word that is not English and looks typed at random ("qwer", "zxcv", "sdfgh"); or a run along
 * a row of the keyboard, even one the dictionaries list ("qwerty").
 */
function mash(word: Word): boolean {
  if (!/^[a-z]+$/i.test(word.value)) return false;
  const lower = word.lower;
  if (lower.length >= 4 && alongRow(lower)) return true;
  if (word.known) return false;
  return (
    !VOWELS.test(lower) || /[^aeiouy]{4,}/.test(lower) || /(.)\1\1/.test(lower) || alongRow(lower)
  );
}

export const VAGUE_QUESTION =
  'What should the agent do? Describe the job in a sentence: what starts it (a time, or an event such as a new ticket), which services it works with, and what it should do — for example "Every weekday at 9, summarise new Zendesk tickets and post them to #support in Slack".';
export const UNREADABLE_QUESTION =
  'That doesn\'t read as a description of a job. Which task should the agent do, with which services and when? For example: "When a new order arrives in Shopify, add it to our Google Sheet".';

/**
 * The question to ask instead of building an agent, or null when the description can be built.
 * `spec` is what the embedded compiler made of it: its integrations and trigger count as substance.
 */
export function questionFor(prompt: string, spec: AgentSpec): string | null {
  const words = analyse(normalize(prompt)).filter((w) => /[a-z0-9]/i.test(w.value));
  // Written mostly in another script ("kintoneの…アプリに…Chatworkの…"): the few words in Latin
  // letters are names, not the whole text, and say nothing of whether it reads.
  const otherScript = otherScriptLetters(prompt);
  const gibberish = words.filter(mash).length;
  const unknownLetters = words.filter((w) => !w.known && /^[a-z]+$/i.test(w.value)).length;
  if (
    otherScript < 8 &&
    (!words.length ||
      gibberish * 2 >= words.length ||
      (words.length <= 4 && unknownLetters === words.length))
  ) {
    return UNREADABLE_QUESTION;
  }
  // (In another script the work's words are not read: a product named, or a time or an event
  // read from it, is enough to build on.)
  if (!words.length || otherScript >= 8)
    return spec.integrations.length ||
      spec.unavailable?.length ||
      spec.trigger.type !== 'manual' ||
      WORK_IN_SCRIPT.test(prompt)
      ? null
      : UNREADABLE_QUESTION;
  // One word, even a service's ("spreadsheets!!!", "slack?"), names no job.
  if (words.length === 1) return VAGUE_QUESTION;
  // A sentence in another language written in Latin letters ("Il primo giorno di ogni mese alle
  // 8, prendi da Fatture in Cloud il fatturato ..."): its work words are not English, but a
  // schedule, an event or a service read from it is enough to build on.
  const readIn =
    spec.trigger.type !== 'manual' || spec.integrations.length || spec.unavailable?.length;
  if (unknownLetters * 2 >= words.length && words.length >= 8 && readIn) return null;
  // ... and with nothing read from it ("¿puedes hacer algo con mis datos?"), not even two verbs of
  // work its words were read as ("cek status … bikin balasan": check, write), there is nothing to
  // build on.
  if (
    unknownLetters * 2 >= words.length &&
    !readIn &&
    !words.some((w) => w.lemma !== 'create' && TASK_VERBS.has(w.lemma))
  )
    return VAGUE_QUESTION;
  // Services the catalog knows, or a trigger, are substance; a capitalised word that only might be
  // a product is too, next to a verb of real work ("pull comps on Zillow"), but not next to empty
  // ones ("do the thing we discussed on the Henderson call").
  // A task verb counts with an object of its own: "build an agent", "create a bot" name none.
  const emptyObject = (at: number) => {
    // ("build me something like Zapier": an empty word the tagger calls a pronoun too.)
    const object = words
      .slice(at + 1, at + 4)
      .find(
        (w) =>
          w.pos === 'NOUN' || w.pos === 'PROPN' || (w.pos === 'PRON' && EMPTY_NOUNS.has(w.lower)),
      );
    return !!object && EMPTY_NOUNS.has(object.lemma);
  };
  // ("handle the alerts", "do the reports": a thing an empty verb is done to, not the work.)
  const thing = (w: Word, at: number) =>
    (w.pos === 'NOUN' || ['the', 'a', 'an', 'my', 'our'].includes(words[at - 1]?.lower ?? '')) &&
    words
      .slice(Math.max(0, at - 3), at)
      .some(
        (x, k, before) =>
          DOING.has(x.lemma) && before.slice(k + 1).every((y) => y.stop || y.pos === 'DET'),
      );
  // ("be more organised": a task word used as an adjective.)
  const describing = (at: number) =>
    ['be', 'more', 'less', 'so', 'very', 'get', 'been', 'stay'].includes(
      words[at - 1]?.lemma ?? '',
    );
  // ("the numbers look better", "it sounds nicer": how something seems, no work; "something that
  // saves time": a wish.)
  const seeming = (w: Word, at: number) =>
    (['look', 'seem', 'sound', 'feel'].includes(w.lemma) &&
      ['ADJ', 'ADV'].includes(words[at + 1]?.pos ?? '') &&
      words[at + 1]!.sentence === w.sentence) ||
    (w.lemma === 'save' && /^(?:time|money|effort|hours|energy)$/.test(words[at + 1]?.lower ?? ''));
  const task = words.some(
    (w, at) =>
      (((TASK_VERBS.has(w.lemma) || TASK_VERBS.has(w.lower)) &&
        !describing(at) &&
        !seeming(w, at)) ||
        // "go through my inbox", "go over the PRs": reading through things is work.
        (w.lemma === 'go' && ['through', 'thru', 'over'].includes(words[at + 1]?.lower ?? '')) ||
        // "make this csv into json", "turn the notes into a list": a conversion is work.
        (['make', 'turn'].includes(w.lemma) &&
          words.slice(at + 2, at + 5).some((x) => x.lower === 'into')) ||
        // "email the invoice to ...", "text me when ...": a way of sending, opening a request with
        // its object (the tagger reads these as nouns).
        (SENDING_BY.has(w.lower) &&
          (at === 0 || words[at - 1]!.sentence !== w.sentence) &&
          ['DET', 'PRON'].includes(words[at + 1]?.pos ?? ''))) &&
      !emptyObject(at) &&
      !thing(w, at),
  );
  // The tagger reads some requests as nouns ("export the marks ..."): a verb of work counts too.
  // ("something cool with notion": a word after "something" says what it is like.)
  const worked =
    task ||
    words.some(
      (w, at) =>
        w.pos === 'VERB' &&
        !EMPTY_VERBS.has(w.lemma) &&
        !thing(w, at) &&
        !seeming(w, at) &&
        !['something', 'anything', 'stuff'].includes(words[at - 1]?.lower ?? ''),
    );
  // Nothing but empty words ("do the thing we talked about on Monday"), or a service named with
  // no work at all ("hmm idk, something with slack maybe?"): a trigger or a name is not a job.
  const substance = words.filter(
    (w) =>
      !w.stop &&
      /[a-z]/i.test(w.value) &&
      !mash(w) &&
      !EMPTY_VERBS.has(w.lemma) &&
      !EMPTY_NOUNS.has(w.lemma) &&
      !isHedge(w.lower) &&
      !CALENDAR.has(w.lower),
  );
  if (!substance.length) return VAGUE_QUESTION;
  // ("the thing with the sheets again pls": work done before, pointed at, no job said.)
  if (!task && !worked && spec.trigger.type === 'manual' && POINTING_BACK.test(prompt))
    return VAGUE_QUESTION;
  const hedging = words.some((w) => isHedge(w.lower));
  if (hedging && !worked && !task && spec.trigger.type === 'manual') return VAGUE_QUESTION;
  // "make our insta go viral", "help me with HubSpot": a service named, and only a wish said of
  // it (a question, or "make this csv into json", is work).
  // ("could you do the usual for Dave's thing?": a request said politely, not a question.)
  const polite =
    ['could', 'can', 'would', 'will'].includes(words[0]!.lower) && words[1]?.lower === 'you';
  const asked = !polite && (/\?/.test(prompt) || QUESTION_WORDS.has(words[0]!.lower));
  // "what integrations do you guys support?", "is there a mobile app?": a question about the
  // product itself, not a job for an agent.
  const nouns = words.filter(
    (w) => ['NOUN', 'PROPN'].includes(w.pos) && !['you', 'spoke'].includes(w.lower),
  );
  if (
    asked &&
    !task &&
    !spec.integrations.length &&
    !spec.unavailable?.length &&
    nouns.length > 0 &&
    nouns.every((w) => PRODUCT_NOUNS.has(w.lemma) || EMPTY_NOUNS.has(w.lemma))
  )
    return VAGUE_QUESTION;
  // "does it work with outlook??", "how much does spoke cost per month?": asked of the product,
  // whatever product or rhythm the question names.
  // (Not with a job told after it: "does this work with Linear? every Friday email me ...".)
  const afterQuestion = prompt.replace(/^[^?]*\?+/, '').trim();
  // ("is my data safe with you?": a question put to the product, with nothing to build on.)
  const toProduct =
    ASKED_OF_PRODUCT.test(prompt) ||
    (/(?<![\w'])(?:you|spoke)(?![\w'])/i.test(prompt) &&
      !spec.integrations.length &&
      !spec.unavailable?.length &&
      spec.trigger.type === 'manual');
  if (asked && !task && toProduct && afterQuestion.split(/\s+/).length < 3) return VAGUE_QUESTION;
  const wishOnly =
    !task && !worked && !asked && words.some((w) => w.pos === 'VERB' && WISHES.has(w.lemma));
  if (wishOnly && spec.trigger.type === 'manual') return VAGUE_QUESTION;
  // "you know what to do with the spreadsheets": empty verbs, no work, and a service only
  // implied by a kind of thing, not named.
  const namedService =
    (spec.unavailable ?? []).length > 0 ||
    spec.integrations.some((integration) => {
      const known = integrationById(integration.id);
      return (
        !!known &&
        [known.id, known.name, ...known.aliases].some((name) =>
          new RegExp(`(?<![a-z0-9])${escapeRegExp(name.toLowerCase())}(?![a-z0-9])`).test(
            prompt.toLowerCase(),
          ),
        )
      );
    });
  const emptyVerb = words.some((w) => w.pos === 'VERB' && EMPTY_VERBS.has(w.lemma));
  if (emptyVerb && !task && !worked && !asked && !namedService && spec.trigger.type === 'manual')
    return VAGUE_QUESTION;
  // (A built-in the words only hint at, "better than last time" for memory, is no service named;
  // nor a product named only as what the agent should be like: "something like Zapier".)
  const compared = (name: string) => {
    const at = [
      ...prompt.matchAll(new RegExp(`(?<![a-z0-9])${escapeRegExp(name)}(?![a-z0-9])`, 'gi')),
    ];
    return (
      at.length > 0 &&
      at.every((m) =>
        /\b(?:like|than|similar to|alternative to|clone of|version of)\s+(?:an?\s+)?$/i.test(
          prompt.slice(Math.max(0, m.index - 30), m.index),
        ),
      )
    );
  };
  const hasServices =
    spec.integrations.some(
      (integration) => worked || integrationById(integration.id)?.provider.kind !== 'builtin',
    ) ||
    (spec.unavailable ?? []).some((service) => (service.id || worked) && !compared(service.name));
  // ("blue banana protocol, weekly, u know": a rhythm with no work and no service in it.)
  const shrugging = hedging || SHRUGS.test(prompt);
  // (Something happening in a service the text names is substance: "Each new signup in
  // Memberstack should get a welcome email".)
  const namedEvent = spec.trigger.type === 'event' && namedService && !shrugging;
  if (!hasServices && !task && !worked && !asked && !namedEvent && (emptyVerb || shrugging))
    return VAGUE_QUESTION;
  if (hasServices || spec.trigger.type !== 'manual') return null;
  // Without a service or a trigger, what is left must be work a model does on its own: a verb
  // of such work ("translate", "summarise", "draft"), or a question about something.
  const asks = !polite && (/\?\s*$/.test(prompt) || QUESTION_WORDS.has(words[0]!.lower));
  const question =
    asks &&
    words.some(
      (w) =>
        (w.pos === 'NOUN' || w.pos === 'PROPN') &&
        !EMPTY_NOUNS.has(w.lemma) &&
        !['you', 'spoke'].includes(w.lower),
    );
  if (!task && !question) return VAGUE_QUESTION;
  // One word of substance and nothing else ("test", "marketing?", "asdfjkl test test", "agent
  // test"): too little to build from.
  const distinct = new Set(
    words
      .filter((w) => !w.stop && /[a-z]/i.test(w.value) && !mash(w) && !EMPTY_NOUNS.has(w.lemma))
      .map((w) => w.lemma),
  );
  if (distinct.size < 2) return VAGUE_QUESTION;
  return null;
}

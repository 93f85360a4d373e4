// People describe their agents in their own languages, or in English with their own words for
// time mixed in ("Tous les matins à 8h30, résume ...", "毎朝 9:00 collect ...", "Har Monday subah
// 10 baje ..."). The schedule rules read English; this module rewrites the words of recurrence,
// days, parts of the day and clock times of the languages Spoke's users write most into the
// English the rules read, and keeps a map back to the text as written, so that a schedule's
// position still ranks against an event's.

/** The English days, Sunday first, as the rules read them. */
const ENGLISH_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Each language's day names, Sunday first (alternatives joined by "|"). */
const DAY_NAMES: Readonly<Record<string, readonly string[]>> = {
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  es: ['domingo', 'lunes', 'martes', 'mi[eé]rcoles', 'jueves', 'viernes', 's[aá]bado'],
  pt: [
    'domingo',
    'segunda(?:-feira)?',
    'ter[cç]a(?:-feira)?',
    'quarta(?:-feira)?',
    'quinta(?:-feira)?',
    'sexta(?:-feira)?',
    's[aá]bado',
  ],
  de: ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag'],
  it: ['domenica', 'luned[iì]', 'marted[iì]', 'mercoled[iì]', 'gioved[iì]', 'venerd[iì]', 'sabato'],
  nl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  hi: ['ravivaar', 'somvaar', 'mangalvaar', 'budhvaar', 'guruvaar', 'shukravaar', 'shanivaar'],
};
/** Japanese and Chinese days: the character of each, Sunday first. */
const JA_DAYS = ['日', '月', '火', '水', '木', '金', '土'];
const ZH_DAYS = ['[日天]', '一', '二', '三', '四', '五', '六'];

/** "Every" before a day, a part of the day, a week or a month, in each language. */
const EVERY = String.raw`(?:tous les|toutes les|chaque|todos los|todas las|todos os|todas as|todo|toda|cada|jeden|jede|jedes|ogni|tutti i|tutte le|elke|iedere|har)`;

type Rewrite = readonly [RegExp, string | ((...groups: string[]) => string)];

const dayRewrites: Rewrite[] = Object.entries(DAY_NAMES).flatMap(([language, names]) =>
  names.flatMap((name, day): Rewrite[] => [
    // "tous les lundis", "cada lunes", "jeden Montag", "har somvaar": every Monday.
    [new RegExp(String.raw`\b${EVERY}\s+(?:${name})s?\b`, 'giu'), `every ${ENGLISH_DAYS[day]}`],
    // "montags": German's days with -s are every such day.
    ...(language === 'de'
      ? [[new RegExp(String.raw`\b${name}s\b`, 'giu'), `every ${ENGLISH_DAYS[day]}`] as const]
      : []),
    // "lundi", "viernes" alone: the day, for the English rules to weigh. (Portuguese only with
    // "-feira": "segunda" alone is "second".)
    [
      new RegExp(
        String.raw`\b(?:${language === 'pt' ? name.replace('(?:-feira)?', '-feira') : name})\b`,
        'giu',
      ),
      ENGLISH_DAYS[day]!,
    ],
  ]),
);

/** A word's edge in any script: `\b` knows only ASCII letters, and "venerdì" ends in "ì". */
const EDGE = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;
const withEdges = ([pattern, replacement]: Rewrite): Rewrite => [
  new RegExp(pattern.source.replaceAll(String.raw`\b`, EDGE), pattern.flags),
  replacement,
];

const REWRITES: readonly Rewrite[] = [
  // Japanese and Chinese intervals first ("2時間ごと": every 2 hours, not 2 o'clock).
  [
    /(\d+)\s*時間(?:ごと|おき|毎)|每\s*(\d+)\s*(?:个)?小时/gu,
    (_, a, b) => ` every ${a ?? b} hours `,
  ],
  [/(\d+)\s*分(?:ごと|おき|毎)|每\s*(\d+)\s*分钟/gu, (_, a, b) => ` every ${a ?? b} minutes `],
  // Japanese and Chinese: 毎週月曜日, 每周一, 每星期一, 毎朝, 每天 ...
  [
    new RegExp(`毎週(${JA_DAYS.join('|')})曜日?`, 'gu'),
    (_, day) => ` every ${ENGLISH_DAYS[JA_DAYS.indexOf(day!)]} `,
  ],
  [
    new RegExp(`每(?:个)?(?:周|星期|礼拜)(${ZH_DAYS.join('|')})`, 'gu'),
    (_, day) =>
      ` every ${ENGLISH_DAYS[ZH_DAYS.findIndex((d) => new RegExp(`^${d}$`, 'u').test(day!))]} `,
  ],
  [/毎朝|每天早上|每早/gu, ' every morning '],
  [/毎晩|毎夜|每晚|每天晚上/gu, ' every night '],
  [/毎夕/gu, ' every evening '],
  [/毎日|每天|每日/gu, ' every day '],
  [/毎週|每周|每星期|每个星期/gu, ' every week '],
  [/毎月|每月|每个月/gu, ' every month '],
  // Parts of the day after a day or alone: 日曜の夜, 早上, 下午.
  [/の?(?:夜|晩)|晚上/gu, ' night '],
  [/の?朝|早上/gu, ' morning '],
  [/の?夕方|傍晚/gu, ' evening '],
  [/(午前|上午)\s*(\d{1,2})\s*[時点]/gu, (_, _p, h) => ` at ${h} am `],
  [/(午後|下午|晚上)\s*(\d{1,2})\s*[時点]/gu, (_, _p, h) => ` at ${h} pm `],
  [
    /(\d{1,2})\s*[時点](?:(\d{1,2})分)?/gu,
    (_, h, m) => ` at ${h}:${(m ?? '00').padStart(2, '0')} `,
  ],
  // Intervals: "cada 2 horas", "toutes les 15 minutes", "alle 2 Stunden", "2時間ごと", "每2小时".
  [
    /\b(?:cada|toutes les|tous les|a cada|alle|ogni|elke|iedere|har)\s+(\d+)\s*(?:horas?|heures?|stunden|ore|uur|ghante)\b/giu,
    (_, n) => `every ${n} hours`,
  ],
  [
    /\b(?:cada|toutes les|a cada|alle|ogni|elke|iedere|har)\s+(\d+)\s*(?:minutos?|minutes?|minuten|minuti|mins?)\b/giu,
    (_, n) => `every ${n} minutes`,
  ],
  // The first day of each month: "il primo giorno di ogni mese", "le premier de chaque mois", "el
  // primer día de cada mes", "no primeiro dia de cada mês", "am ersten jedes Monats", "de eerste
  // van elke maand", "har mahine ki pehli tareekh".
  [
    /\b(?:il primo(?: giorno)? (?:di ogni|del) mese|le premier(?: jour)? (?:de chaque|du) mois|el (?:primer día|primero|día 1|1) de cada mes|(?:no )?primeiro dia (?:de cada|do) mês|todo dia (?:1|primeiro)|am ersten(?: tag)? (?:jedes|des) monats|de eerste(?: dag)? van (?:elke|de) maand|har mahine ki (?:pehli|1) tareekh)\b/giu,
    'on the 1st of every month',
  ],
  // Parts of the day with "every".
  [
    new RegExp(
      String.raw`\b${EVERY}\s+(?:matins|matin|mañanas|mañana|manhãs|manhã|morgen|mattina|mattine|ochtend|subah)\b`,
      'giu',
    ),
    'every morning',
  ],
  [
    new RegExp(
      String.raw`\b${EVERY}\s+(?:soirs|soir|tardes|tarde|noites|noite|abend|sera|sere|avond|shaam)\b`,
      'giu',
    ),
    'every evening',
  ],
  [
    new RegExp(
      String.raw`\b${EVERY}\s+(?:jours|jour|días|dia|dias|día|tag|giorno|giorni|dag|din)\b`,
      'giu',
    ),
    'every day',
  ],
  [
    new RegExp(
      String.raw`\b${EVERY}\s+(?:semaines|semaine|semanas|semana|woche|settimana|settimane|week|hafte)\b`,
      'giu',
    ),
    'every week',
  ],
  [
    new RegExp(
      String.raw`\b${EVERY}\s+(?:mois|meses|mes|mês|monat|mese|mesi|maand|mahine)\b`,
      'giu',
    ),
    'every month',
  ],
  [
    /\b(?:quotidiennement|diariamente|a diario|täglich|taeglich|dagelijks|rozana|roz)\b/giu,
    'daily',
  ],
  [/\b(?:hebdomadaire(?:ment)?|semanalmente|wöchentlich|settimanalmente|wekelijks)\b/giu, 'weekly'],
  [
    /\b(?:mensuellement|mensualmente|mensalmente|monatlich|mensilmente|maandelijks)\b/giu,
    'monthly',
  ],
  ...dayRewrites,
  // "har Monday": English days after another language's "every".
  [
    new RegExp(String.raw`\b${EVERY}\s+(${ENGLISH_DAYS.join('|')})s?\b`, 'giu'),
    (_, day) => `every ${day!.toLowerCase()}`,
  ],
  // Clock times: "a las 3 de la tarde", "um 9 Uhr", "om 9 uur", "alle 9", "às 9h", "10 baje".
  [
    /\ba las (\d{1,2})(?::(\d\d))? de la (tarde|noche)\b/giu,
    (_, h, m) => `at ${h}:${m ?? '00'} pm`,
  ],
  [/\ba las (\d{1,2})(?::(\d\d))? de la mañana\b/giu, (_, h, m) => `at ${h}:${m ?? '00'} am`],
  [
    /(?<![\p{L}])(?:a las|à|às|alle ore)\s+(\d{1,2})(?:[:.h](\d\d)|h)?(?!\d)/giu,
    (_, h, m) => `at ${h}:${m ?? '00'}`,
  ],
  [
    /\b(?:um|om)?\s*(\d{1,2})(?:[:.](\d\d))?\s*(?:uhr|uur)\b/giu,
    (_, h, m) => ` at ${h}:${m ?? '00'}`,
  ],
  // Italian "alle 8" (German "alle 3 Tage", every 3 days, is not a time).
  [
    /\balle\s+(\d{1,2})(?:[:.](\d\d))?\b(?!\s*(?:tage|wochen|monate|jahre|minuten|stunden|std|min|%))/giu,
    (_, h, m) => `at ${h}:${m ?? '00'}`,
  ],
  [/\b(\d{1,2})(?:[:.](\d\d))?\s*baje\b/giu, (_, h, m) => `at ${h}:${m ?? '00'}`],
  [/\b(?:subah|matin|manhã|morgens|mattina|ochtend)\b/giu, 'morning'],
  [/\b(?:shaam|soir|abends|avond)\b/giu, 'evening'],
].map(withEdges);

/** The text rewritten, and where each position of it was in the text as written. */
export type Rewritten = { text: string; original: (at: number) => number };

/** The text with other languages' words of time in English (the text itself when there are none). */
export function inEnglish(text: string): Rewritten {
  let current = text;
  // Pieces of the current text: where each starts in it and in the original, and whether it is
  // written in place of other words (any position inside it is where those words start).
  let anchors: [number, number, boolean][] = [[0, 0, false]];
  const toOriginal = (at: number) => {
    let best = anchors[0]!;
    for (const anchor of anchors) if (anchor[0] <= at) best = anchor;
    return best[2] ? best[1] : best[1] + Math.max(0, at - best[0]);
  };
  for (const [pattern, replacement] of REWRITES) {
    pattern.lastIndex = 0;
    if (!pattern.test(current)) continue;
    pattern.lastIndex = 0;
    let out = '';
    let last = 0;
    const next: [number, number, boolean][] = [];
    for (const m of current.matchAll(pattern)) {
      const kept = current.slice(last, m.index);
      next.push([out.length, toOriginal(last), false]);
      out += kept;
      const written =
        typeof replacement === 'string' ? replacement : replacement(...(m as unknown as string[]));
      next.push([out.length, toOriginal(m.index), true]);
      out += written;
      last = m.index + m[0].length;
    }
    next.push([out.length, toOriginal(last), false]);
    out += current.slice(last);
    current = out;
    anchors = next;
  }
  return { text: current, original: toOriginal };
}

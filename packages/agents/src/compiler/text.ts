import { lookupTable } from '@spoke/shared';
import { whenAfter } from './when-after.ts';
// Text utilities shared by the embedded compiler's matchers: one normalisation, one tokenizer and
// one phrase matcher, so that catalog phrases, intents and event phrases all read text the same way.

/** Spelling variants, shorthands and common typos, rewritten before anything is matched. */
/** Each rewrite: the pattern, its replacement, and what the text must hold for it to be tried. */
const REWRITES: readonly (readonly [RegExp, string, RegExp?])[] = [
  [/[\u2018\u2019]/g, "'"],
  [/[\u201c\u201d]/g, '"'],
  [/[\u2013\u2014]/g, '-'],
  // Every arrow that points right: "->", "=>", "→", "⇒", "➜", "➡", "⟶", "⟹"...
  [
    /\s*(?:-+>|=+>|[\u2192\u21d2\u21e8\u2794-\u27af\u27b1-\u27be\u27f6\u27f9\u2b95])\ufe0f?\s*/g,
    ', then ',
  ],
  // "- trigger: Grafana alert 'db-latency' starts firing": a line that says what starts it is a
  // when-clause (not a time or a run by hand: "Trigger: every Monday", "trigger: manual").
  [
    /(?<=^|\n)\s*(?:[-*\u2022]\s*)?(?:trigger|triggered by|starts? when|event)\s*:\s*(?!(?:every|each|daily|weekly|monthly|hourly|nightly|at|on|manual|manually|by hand|none|schedule|cron|\d)\b)/gi,
    'When ',
  ],
  // "after my students hand in homework": submit it.
  [/\bhand in\b/gi, 'submit'],
  [/\bhands in\b/gi, 'submits'],
  [/\bhanded in\b/gi, 'submitted'],
  // "when an email from the school hits my inbox": arrives there. (Hitting a product's name,
  // "hits our support@ gmail", is read where the names are known: generic-events.ts.)
  [
    /\bhits\s+(?=(?:my|our|the)\s+(?:inbox|mailbox|insta|channel|queue|iOS|ios|android|app|site|website|store)\b)/gu,
    'arrives in ',
  ],
  // "when a deploy blows up": fails, in plain words.
  [/\b(?:blows|blew) up\b/gi, 'fails'],
  [/\b(?:blown|blowing) up\b/gi, 'failing'],
  // A numbered list whose first item tells what happens and the rest what to do ("1. deal hits
  // Closed Won in HubSpot\n2. create the project", "1) sentry raises a new issue 2) create a
  // bug"): read as the arrows people also write.
  // (Each looks back to the list's first item: only tried where there is one, so that a long
  // text without costs no scan back from every space.)
  [/(?<=(?:^|\s)1\)\s[^\n]*)\s+(?:[2-9]|1\d)\)\s+(?=\p{L})/gu, ', then ', /(?:^|\s)1\)\s/],
  [/(?<=^\s*1[.)]\s[^]*)\n\s*(?:[2-9]|1\d)[.)]\s+(?=\p{L})/gu, ', then ', /^\s*1[.)]\s/],
  [/^\s*1[.)]\s+(?=\p{L})/u, ''],
  // "Candidate marked as hired in Greenhouse? Create their record": a headline asked as a
  // question, then what to do.
  [
    /^(?!(?:can|could|would|will|is|are|do|does|did|should|what|how|why|who|which|where|when|hey|hi|hello)\b)([^?.!\n]{3,80})\?\s+(?=(?:add|create|send|post|email|message|open|make|tell|ping|notify|text|reply|draft|write|summari[sz]e|update|move|assign|tag|log|save|forward|check|look|pull|put|ask|thank)\b)/iu,
    '$1, then ',
  ],
  // "got a 1 or 2 star on trustpilot?", "a 1-star on Google": a rating in stars is a review's.
  [
    /(?<![\d.])([1-5])(\s*-\s*|\s+)star\b(?![^.,;!?\n]{0,24}\b(?:reviews?|ratings?|rated)\b)(?!\s*-?\s*(?:hotels?|restaurants?|general|wars)\b)/gi,
    '$1$2star review',
  ],
  [/\be-mail/gi, 'email'],
  // "merge request !482": GitLab's way of writing a number, not the end of a sentence.
  [/(?<=\s)!(?=\d)/g, 'number '],
  // Written as one word: "everytime a review comes in", "anytime a deploy fails".
  [/\b(every|any)time\b/gi, '$1 time'],
  [/\bPRs\b/g, 'pull requests'],
  [/\bPR\b/g, 'pull request'],
  [/\bprs\b/g, 'pull requests'],
  // ("pr opened in our gitea": in lower case too, before what happens to it or after "a", "the",
  // "each", "new".)
  [
    /\b(?<=(?:a|the|each|every|new|open|my|our|this|that)\s+)pr\b|\bpr\b(?=\s+(?:opened|merged|closed|created|is|was|gets|got|comes|that)\b)/g,
    'pull request',
  ],
  [/\bMRs\b/g, 'merge requests'],
  [/\bMR\b/g, 'merge request'],
  [/\b(evry|evrey|everey|evey)\b/gi, 'every'],
  [/\beveryday\b/gi, 'every day'],
  [/\b(?:whenver|whenevr|wheneer|wenever|whenerver|whevever)\b/gi, 'whenever'],
  [/\b(?:wkday|wekday|weekay)(s?)\b/gi, 'weekday$1'],
  [/\btikets?\b/gi, 'tickets'],
  [/\bgimme\b/gi, 'give me'],
  [/\blemme\b/gi, 'let me'],
  [/\bwanna\b/gi, 'want to'],
  [/\bgonna\b/gi, 'going to'],
  [/\bmsg\b/gi, 'message'],
  [/\bmsgs\b/gi, 'messages'],
  [/\bsumm?ari[sz]e\b/gi, 'summarise'],
  [/\b([ap])\.m\.?(?=\W|$)/gi, '$1m'],
  [/@\s*(?=\d)/g, 'at '],
  [/\bin the night\b/gi, 'at night'],
  // ("every new lead ... ends up in DealerSocket": it arrives there.)
  [/\b(?:ends|winds) up (in|on)\b/gi, 'arrives $1'],
  [/\b(?:end|wind) up (in|on)\b/gi, 'arrive $1'],
  [/\b(?:ended|wound) up (in|on)\b/gi, 'arrived $1'],
  [/\bcomes? in\b/gi, 'arrives'],
  [/\bcame in\b/gi, 'arrived'],
  // ("when a booking comes through": not "through" a service.)
  [/\bcomes? through(?=\s*(?:[,.;:!?]|->|=>|\u2192|$))/gi, 'arrives'],
];

/** 毎週金曜日, 每周一: the weekdays of Japanese and Chinese after "every week". */
const CJK_WEEKDAYS: readonly [RegExp, string][] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
].flatMap((day, i): [RegExp, string][] => [
  [new RegExp(`毎週${'日月火水木金土'[i]}曜日?`, 'gu'), ` every ${day} `],
  [
    new RegExp(
      `每(?:个|個)?(?:周|週|星期|礼拜|禮拜)${['[日天]', '一', '二', '三', '四', '五', '六'][i]}`,
      'gu',
    ),
    ` every ${day} `,
  ],
]);

/** The hours Arabic says in words after "the hour" ("الساعة العاشرة": at ten), 1 to 12. */
const ARABIC_HOURS: readonly [RegExp, string][] = [
  'الواحدة',
  'الثانية',
  'الثالثة',
  'الرابعة',
  'الخامسة',
  'السادسة',
  'السابعة',
  'الثامنة',
  'التاسعة',
  'العاشرة',
  'الحادية عشرة',
  'الثانية عشرة',
]
  .map((word, i): [string, number] => [word, i + 1])
  // (Longest first: "الحادية عشرة" before "الثانية".)
  .sort((a, b) => b[0].length - a[0].length)
  .map(([word, hour]) => [
    new RegExp(`(?<!\\p{L})(?:في\\s+)?الساعة\\s+${word}(?!\\p{L})`, 'gu'),
    ` at ${hour}:00 `,
  ]);

/**
 * Days and times written in the languages people mix into English ("Jeden Freitag 16 Uhr", "cada
 * lunes a las 9", "tous les lundis à 9h"): weekday names from the runtime's own calendar data for
 * German, Spanish, French, Portuguese, Italian and Dutch (with or without accents), the words for
 * "every" and "each day" before them, and the ways those languages write a clock time.
 */
/** The top-level alternatives of a pattern's source: "a|b(?:c|d)" is "a" and "b(?:c|d)". */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return [...parts, source.slice(start)];
}

/** Any letter or mark outside ASCII. */
const NON_ASCII = /[\u0080-\u{10ffff}]/u;

/**
 * Whether every way the pattern matches spells a word in another script ("κάθε φορά που",
 * "каждую", "毎朝"): no ASCII letter in it, and letters outside ASCII in each alternative. Such a
 * rewrite is not tried on text that has none (the catalog's thousands of phrases, most
 * descriptions), which would otherwise pay for every one of them on every read.
 */
function spelledElsewhere(source: string): boolean {
  return alternatives(source).every((alternative) => {
    const letters = alternative
      .replace(/\\[pPuk]\{[^}]*\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\./g, '')
      .replace(/\(\?(?:<?[=!]|:)/g, '');
    return !/[A-Za-z]/.test(letters) && NON_ASCII.test(letters);
  });
}

const FOREIGN: readonly (readonly [RegExp, string, RegExp?])[] = (() => {
  const english = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' });
  const bare = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');
  const rewrites: [RegExp, string][] = [];
  // (Russian, Ukrainian and Czech say "every Wednesday" with the name's accusative, "каждую
  // среду", and "on Wednesdays" with its dative plural, "по средам".)
  const accusative = (name: string) => name.replace(/а$/u, 'у').replace(/a$/u, 'u');
  const onDays = (name: string) =>
    name.endsWith('е') ? `${name.slice(0, -1)}ям` : `${name.replace(/а$/u, '')}ам`;
  const locales = ['de', 'es', 'fr', 'pt', 'it', 'nl', 'pl', 'sv', 'nb', 'da', 'id', 'ms', 'fi'];
  for (const locale of [...locales, 'tr', 'ru', 'uk', 'cs', 'el']) {
    const local = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 7; day++) {
      const date = new Date(Date.UTC(2023, 0, 1 + day));
      const name = local.format(date).toLowerCase();
      const cased = ['ru', 'uk', 'cs'].includes(locale)
        ? [accusative(name)]
        : locale === 'pl'
          ? [name.replace(/a$/u, 'ę')]
          : [];
      const forms = [...new Set([name, bare(name), ...cased])].join('|');
      rewrites.push([
        new RegExp(`(?<!\\p{L})(?:${forms})(s?)(?!\\p{L})`, 'giu'),
        `${english.format(date)}$1`,
      ]);
      if (locale === 'ru') {
        rewrites.push([
          new RegExp(`(?<!\\p{L})по\\s+${onDays(name)}(?!\\p{L})`, 'giu'),
          `every ${english.format(date)}`,
        ]);
      }
    }
  }
  // Korean writes particles onto the name ("월요일에", "월요일마다": on, every Monday); Arabic
  // writes the name after "day" ("يوم الأحد", "يوم أحد"), where alone the word is also "someone".
  const korean = new Intl.DateTimeFormat('ko', { weekday: 'long', timeZone: 'UTC' });
  const arabic = new Intl.DateTimeFormat('ar', { weekday: 'long', timeZone: 'UTC' });
  for (let day = 0; day < 7; day++) {
    const date = new Date(Date.UTC(2023, 0, 1 + day));
    const name = english.format(date);
    rewrites.push(
      [new RegExp(`${korean.format(date)}마다`, 'gu'), ` every ${name} `],
      [new RegExp(korean.format(date), 'gu'), ` ${name} `],
      [
        new RegExp(
          `(?<!\\p{L})(?:يوم\\s+)?(?:ال)?${arabic.format(date).replace(/^ال/u, '')}(?!\\p{L})`,
          'gu',
        ),
        name,
      ],
    );
  }
  // A weekday and a part of it written as one word ("vrijdagmiddag", "Freitagnachmittag").
  rewrites.unshift([
    /(?<=(?:maan|dins|woens|donder|vrij|zater|zon)dag|(?:mon|diens|donners|frei|sams|sonn)tag|mittwoch)(?=ochtend|middag|avond|morgen|vormittag|nachmittag|abend)/giu,
    ' ',
  ]);
  // Ukrainian says "every Friday" in one word: щоп'ятниці, щопонеділка.
  (
    [
      ['Monday', 'щопонеділка'],
      ['Tuesday', 'щовівторка'],
      ['Wednesday', 'щосереди'],
      ['Thursday', 'щочетверга'],
      ['Friday', "щоп['’]?ятниці"],
      ['Saturday', 'щосуботи'],
      ['Sunday', 'щонеділі'],
    ] as const
  ).forEach(([day, word]) =>
    rewrites.unshift([new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'giu'), `every ${day}`]),
  );
  const days = '(?=(?:Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)days?\\b)';
  rewrites.push(
    [/구글|グーグル|谷歌|Гугл/gu, 'Google'],
    // Google's products by the names they go by in other languages ("Google E-Tablolar", "Google
    // Таблицах", "Google 試算表", "Google Takvim", "Google 雲端硬碟"): their English names.
    ...(
      [
        [
          'Sheets',
          'E-Tablolar|Таблиц[аыеуі]?|Таблицах|試算表|表格|스프레드시트|Υπολογιστικά Φύλλα|Spreadsheets?',
        ],
        ['Calendar', 'Takvim|Календар[ьеяюі]?|日历|日曆|캘린더|Ημερολόγιο|Kalender|Agenda'],
        ['Drive', 'Диск[еау]?|云端硬盘|雲端硬碟|드라이브'],
        ['Forms', 'Форм[аыуе]?|Formlar|表单|表單|설문지|폼즈?|Φόρμες|Formulir|Formulieren'],
        ['Docs', 'Документ(?:ы|ах)?|Dokümanlar|文档|文檔|문서|Έγγραφα'],
        ['Maps', 'Карт(?:ы|ах)|Haritalar|地图|地圖|지도|Χάρτες'],
        ['Analytics', '애널리틱스|アナリティクス|Аналитикс'],
        ['Play', '플레이|プレイ'],
      ] as const
    ).map(([english, names]): [RegExp, string] => [
      new RegExp(
        `(?<=Google\\s?)(?:${names})(?![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}])`,
        'giu',
      ),
      ` ${english}`,
    ]),
    // Turkish writes its case endings after a name's apostrophe ("Jira'daki", "HubSpot'a",
    // "Slack'e"): the name is the name. (Not English "'s".)
    [
      /(?<=\p{Lu}[\p{L}\d.]*)['\u2019](?:daki|deki|taki|teki|dan|den|tan|ten|nın|nin|nun|nün|yla|yle|da|de|ta|te|ya|ye|yı|yi|yu|yü|ın|in|un|ün|la|le|a|e|ı|i|u|ü)(?!\p{L})/gu,
      '',
    ],
    // ("Har roz raat 11 baje": every night, before "har roz", every day, is read.)
    [/(?<!\p{L})(?:har roz raat|roz raat|har raat)(?!\p{L})/giu, 'every night'],
    [
      new RegExp(
        `(?:(?<!\\p{L})(?:jeden|jede|jedes|jeder|cada|chaque|tous les|toutes les|todos los|todas las|todas as|todos os|toda|todo|ogni|elke|iedere|co|każd[yąe]|każdego|setiap|tiap|hver|varje|joka|har|her|каждый|каждую|каждое|каждого|кожен|кожну|кожного|кожної|κάθε|كل|každý|každou|každé|setiap hari|tiap hari)\\s+|매주\\s*)${days}`,
        'giu',
      ),
      'every ',
    ],
    [
      /(?<!\p{L})(?:setiap|tiap) hari kerja(?!\p{L})|平日(?:の)?|每个工作日|每個工作日|工作日|평일(?:마다)?/giu,
      ' every weekday ',
    ],
    [
      /(?<!\p{L})(?:jeden tag|cada d[ií]a|todos los d[ií]as|tous les jours|chaque jour|todos os dias|ogni giorno|elke dag|t[äa]glich|diariamente|codziennie|każdego dnia|setiap hari|tiap hari|hver dag|varje dag|joka päivä|todo dia(?! [úu]til)|tutti i giorni|a diario|quotidiennement|dagelijks|har din|har roz|rozana|her gün|каждый день|ежедневно|щодня|кожного дня|κάθε μέρα|καθημερινά|každý den|denně)(?!\p{L})/giu,
      'every day',
    ],
    [
      /(?<!\p{L})(?:deux fois par jour|zweimal (?:am tag|pro tag|t[äa]glich)|dos veces al d[ií]a|duas vezes (?:ao|por) dia|due volte al giorno|twee keer per dag|dwa razy dziennie|to ganger (?:om|per) dagen|två gånger om dagen|din mein do baar)(?!\p{L})/giu,
      'twice a day',
    ],
    [
      /(?<!\p{L})(?:jeden morgen|cada ma[ñn]ana|todas las ma[ñn]anas|chaque matin|tous les matins|todas as manh[ãa]s|toda manh[ãa]|ogni mattina|elke ochtend|iedere ochtend|har subah|roz subah|her sabah|каждое утро|щоранку|κάθε πρωί|každé ráno)(?!\p{L})/giu,
      'every morning',
    ],
    [
      /(?<!\p{L})(?:jeden abend|cada noche|todas las noches|chaque soir|tous les soirs|toda noite|todas as noites|ogni sera|elke avond|iedere avond|har shaam|her akşam|каждый вечер|щовечора|κάθε βράδυ|každý večer)(?!\p{L})/giu,
      'every evening',
    ],
    [
      /(?<!\p{L})(?:her gece|каждую ночь|щоночі|κάθε νύχτα|setiap malam|tiap malam|elke nacht)(?!\p{L})/giu,
      'every night',
    ],
    [
      /(?<!\p{L})(?:elk kwartaal|ieder kwartaal|jedes quartal|cada trimestre|chaque trimestre|ogni trimestre|her çeyrek|каждый квартал|щокварталу|κάθε τρίμηνο|setiap kuartal|tiap kuartal|毎四半期|每季度|每個季度|매 분기|분기마다)(?!\p{L})/giu,
      'every quarter',
    ],
    [
      /(?<!\p{L})(?:jede woche|cada semana|chaque semaine|toda semana|ogni settimana|elke week|co tydzie[ńn]|każdego tygodnia|setiap minggu|hver uke|hver uge|varje vecka|joka viikko|toutes les semaines|todas las semanas|todas as semanas|har hafte|w[öo]chentlich|hebdomadaire(?:ment)?|semanalmente|settimanalmente|wekelijks|her hafta|каждую неделю|еженедельно|щотижня|κάθε εβδομάδα|každý týden|týdně)(?!\p{L})/giu,
      'every week',
    ],
    // The first day of each month: "il primo giorno di ogni mese", "el primer día de cada mes".
    [
      /(?<!\p{L})(?:il primo(?: giorno)? (?:di ogni|del) mese|le premier(?: jour)? (?:de chaque|du) mois|el (?:primer d[ií]a|primero|d[ií]a 1) de cada mes|(?:no )?primeiro dia (?:de cada|do) m[êe]s|am ersten(?: tag)? (?:jedes|des) monats|de eerste(?: dag)? van (?:elke|de) maand|har mahine ki (?:pehli|1) tareekh|κάθε πρώτη (?:μέρα )?του μήνα|την πρώτη (?:μέρα )?κάθε μήνα|первого числа каждого месяца|першого числа кожного місяця|setiap awal bulan)(?!\p{L})/giu,
      'on the 1st of every month',
    ],
    // A day of each month by its number: "毎月25日", "매월 25일", "her ayın 25'inde", "25-го числа
    // каждого месяца", "setiap tanggal 25", "στις 25 κάθε μήνα".
    [
      /(?:毎月|每月|每个月|每個月|매월|매달)\s*(\d{1,2})\s*(?:日|号|號|일)/gu,
      ' monthly on the $1 ',
    ],
    [
      /(?<!\p{L})(?:her ayın (\d{1,2})(?:['’]?(?:i|ı|u|ü)?n?(?:de|da|te|ta|si|sı))?|(?:setiap|tiap) tanggal (\d{1,2})|(\d{1,2})-?(?:го|е)? числа (?:каждого месяца|кожного місяця)|στις (\d{1,2}) κάθε μήνα)(?![\p{L}\d])/giu,
      'monthly on the $1$2$3$4',
    ],
    [
      /(?<!\p{L})(?:jeden monat|cada mes|todos los meses|chaque mois|tous les mois|todo m[êe]s|todos os meses|ogni mese|elke maand|iedere maand|har mahine|monatlich|mensuellement|mensualmente|mensalmente|mensilmente|maandelijks|her ay|каждый месяц|ежемесячно|щомісяця|κάθε μήνα|každý měsíc|měsíčně)(?!\p{L})/giu,
      'every month',
    ],

    // Every few hours or minutes: "cada 2 horas", "toutes les 15 minutes", "alle 2 Stunden".
    [
      /(?<!\p{L})(?:cada|toutes les|a cada|alle|ogni|elke|iedere|har|setiap|tiap)\s+(\d+)\s*(?:horas?|heures?|stunden|ore|uur|ghante|jam)(?!\p{L})/giu,
      'every $1 hours',
    ],
    [
      /(?<!\p{L})(?:cada|toutes les|a cada|alle|ogni|elke|iedere|har|setiap|tiap)\s+(\d+)\s*(?:minutos?|minutes?|minuten|minuti|menit)(?!\p{L})/giu,
      'every $1 minutes',
    ],
    // Japanese and Chinese, which leave no spaces: 2時間ごと, 毎週金曜日, 每周一, 毎朝, 毎日 ...
    [/(\d+)\s*時間(?:ごと|おき|毎)|每\s*(\d+)\s*个?小时/gu, ' every $1$2 hours '],
    [/(\d+)\s*分(?:ごと|おき|毎)|每\s*(\d+)\s*分钟/gu, ' every $1$2 minutes '],
    ...CJK_WEEKDAYS,
    // Every hour, and every few hours or minutes, in the other languages read here.
    [
      /(?<!\p{L})(?:de hora em hora|a cada hora|cada hora|toutes les heures|jede stunde|st[üu]ndlich|ogni ora|elk uur|ieder uur|co godzin[ęe]|każdej godziny|каждый час|ежечасно|щогодини|κάθε ώρα|her saat(?! \d)|har ghante|setiap jam|tiap jam|sejam sekali)(?!\p{L})/giu,
      'every hour',
    ],
    [
      /(?<!\p{L})(?:каждые|кожні|κάθε|her|co)\s+(\d+)\s*(?:час(?:а|ов)?|годин[иа]?|ώρες|saatte bir|godzin[ęy]?)(?!\p{L})/giu,
      'every $1 hours',
    ],
    [
      /(?<!\p{L})(?:каждые|кожні|κάθε|her|co)\s+(\d+)\s*(?:минут[ыу]?|хвилин[иу]?|λεπτά|dakikada bir|minut[ęy]?)(?!\p{L})/giu,
      'every $1 minutes',
    ],
    // Korean: 2시간마다, 매일 아침, 매주 ..., 오전 10시, 3시 30분.
    [/(\d+)\s*시간\s*마다/gu, ' every $1 hours '],
    [/(\d+)\s*분\s*마다/gu, ' every $1 minutes '],
    [/매일\s*아침/gu, ' every morning '],
    [/매일\s*저녁/gu, ' every evening '],
    [/매일/gu, ' every day '],
    [/매주/gu, ' every week '],
    [/매월|매달/gu, ' every month '],
    [/오전\s*(\d{1,2})\s*시\s*(\d{1,2})\s*분/gu, ' at $1:$2 am '],
    [/오전\s*(\d{1,2})\s*시/gu, ' at $1:00 am '],
    [/오후\s*(\d{1,2})\s*시\s*(\d{1,2})\s*분/gu, ' at $1:$2 pm '],
    [/오후\s*(\d{1,2})\s*시/gu, ' at $1:00 pm '],
    [/(\d{1,2})\s*시\s*(\d{1,2})\s*분/gu, ' at $1:$2 '],
    [/(\d{1,2})\s*시(?!간)/gu, ' at $1:00 '],
    [/아침/gu, ' morning '],
    [/저녁/gu, ' evening '],
    // Arabic: every day, week, month; at the hour ("الساعة 10", "الساعة العاشرة"); morning, evening.
    [/(?<!\p{L})كل\s+يوم(?!\p{L})|(?<!\p{L})يومياً?(?!\p{L})/gu, ' every day '],
    [/(?<!\p{L})كل\s+أسبوع(?!\p{L})|(?<!\p{L})أسبوعياً?(?!\p{L})/gu, ' every week '],
    [/(?<!\p{L})كل\s+شهر(?!\p{L})|(?<!\p{L})شهرياً?(?!\p{L})/gu, ' every month '],
    [/(?<!\p{L})كل\s+صباح(?!\p{L})/gu, ' every morning '],
    [/(?<!\p{L})كل\s+(\d+)\s+(?:ساعات|ساعة)(?!\p{L})/gu, ' every $1 hours '],
    [/(?<!\p{L})كل\s+(\d+)\s+(?:دقائق|دقيقة)(?!\p{L})/gu, ' every $1 minutes '],
    ...ARABIC_HOURS,
    [/(?<!\p{L})(?:في\s+)?الساعة\s+(\d{1,2}):(\d\d)/gu, ' at $1:$2 '],
    [/(?<!\p{L})(?:في\s+)?الساعة\s+(\d{1,2})/gu, ' at $1:00 '],
    [/(?<!\p{L})صباحاً?(?!\p{L})/gu, ' am '],
    [/(?<!\p{L})مساءً?(?!\p{L})/gu, ' pm '],
    // Russian, Ukrainian, Greek and Turkish clock words: "в 9 утра", "στις 6 μ.μ.", "saat 9'da".
    [/(\d)\s*(?:утра|ранку)(?!\p{L})/giu, '$1 am'],
    [/(\d)\s*(?:вечера|дня|вечора)(?!\p{L})/giu, '$1 pm'],
    [/(\d)\s*π\.?μ\.?(?!\p{L})/giu, '$1 am'],
    [/(\d)\s*μ\.?μ\.?(?!\p{L})/giu, '$1 pm'],
    [/(?<!\p{L})saat\s+(\d{1,2})[:.](\d\d)(?:['’]?(?:da|de|te|ta))?(?!\p{L}|\d)/giu, 'at $1:$2'],
    [/(?<!\p{L})saat\s+(\d{1,2})(?:['’]?(?:da|de|te|ta))?(?![\p{L}\d:.])/giu, 'at $1:00'],
    [/(?<!\p{L})(?:утром|вранці|το πρωί|sabahları|sabah)(?!\p{L})/giu, 'in the morning'],
    [
      /(?<!\p{L})(?:вечером|ввечері|το βράδυ|akşamları|akşam|wieczorem)(?!\p{L})/giu,
      'in the evening',
    ],
    [/(?<!\p{L})(?:rano|rankiem)(?!\p{L})/giu, 'in the morning'],
    // Greek's morning and evening after a weekday ("κάθε Κυριακή βράδυ"); Indonesian's and Turkish's
    // clock words ("jam 5 sore", "8'de", "8.30'da").
    [/(?<!\p{L})(?:βράδυ|απόγευμα)(?!\p{L})/giu, 'evening'],
    [/(?<!\p{L})πρωί(?!\p{L})/giu, 'morning'],
    [/(\d)\s*(?:sore|malam)(?!\p{L})/giu, '$1 pm'],
    [/(\d)\s*pagi(?!\p{L})/giu, '$1 am'],
    [/(?<![\p{L}\d])(\d{1,2})[:.](\d\d)['’](?:de|da|te|ta)(?!\p{L})/giu, 'at $1:$2'],
    [/(?<![\p{L}\d.:])(\d{1,2})['’](?:de|da|te|ta)(?!\p{L})/giu, 'at $1:00'],
    [/(?<!\p{L})(?:raat|ночью|вночі|w nocy)(?!\p{L})/giu, 'night'],
    [/毎朝|每天早上|每早/gu, ' every morning '],
    [/毎晩|毎夜|每晚|每天晚上/gu, ' every night '],
    [/毎夕/gu, ' every evening '],
    [/毎日|每天|每日/gu, ' every day '],
    [/毎週|每周|每星期|每个星期/gu, ' every week '],
    [/毎月|每月|每个月/gu, ' every month '],
    [/の?(?:夜|晩)|晚上/gu, ' night '],
    [/の?朝|早上/gu, ' morning '],
    [/の?夕方|傍晚/gu, ' evening '],
    [/(?:午前|上午)\s*(\d{1,2})\s*[時点]/gu, ' at $1 am '],
    [/(?:午後|下午)\s*(\d{1,2})\s*[時点]/gu, ' at $1 pm '],
    [/(\d{1,2})\s*[時点](\d{1,2})分/gu, ' at $1:$2 '],
    [/(\d{1,2})\s*[時点]半/gu, ' at $1:30 '],
    [/(\d{1,2})\s*[時点]/gu, ' at $1:00 '],
    // Clock times the general rule below does not read: "a las 3 de la tarde", Italian "alle 8"
    // (not German "alle 3 Tage", every three days), Hindi "10 baje".
    [/(?<!\p{L})a las (\d{1,2}) de la (?:tarde|noche)(?!\p{L})/giu, 'at $1 pm'],
    [/(?<!\p{L})a las (\d{1,2}):(\d\d) de la (?:tarde|noche)(?!\p{L})/giu, 'at $1:$2 pm'],
    [/(?<!\p{L})alle(?: ore)?\s+(\d{1,2})[:.](\d\d)(?!\d)/giu, 'at $1:$2'],
    [
      /(?<!\p{L})alle(?: ore)?\s+(\d{1,2})(?![\d:.]|\s*(?:tage|wochen|monate|jahre|minuten|stunden|%))/giu,
      'at $1:00',
    ],
    [/(?<!\p{L})(\d{1,2})[:.](\d\d)\s*baje(?!\p{L})/giu, 'at $1:$2'],
    [/(?<!\p{L})(\d{1,2})\s*baje(?!\p{L})/giu, 'at $1:00'],
    [
      new RegExp(`(day)s?\\s+(?:e|y|et|und|en|ed|και|и|і|ve|dan|og|och)\\s+${days}`, 'giu'),
      '$1s and ',
    ],
  );
  // The words of an event or a request those languages mix in ("cada vez que entra un pedido
  // nuevo en Tiendanube", "wenn ein neuer Termin über Doctolib gebucht wird", "cuando te lo
  // pida"), only words English does not have itself.
  const phrases: Readonly<Record<string, string>> = lookupTable({
    'every time':
      'cada vez que|toda vez que|siempre que|chaque fois que|jedes mal,? wenn|ogni volta che|elke keer (?:als|dat)|jab bhi|κάθε φορά που|каждый раз,? когда|кожного разу,? коли|щоразу,? коли|setiap kali|tiap kali|her seferinde',
    someone:
      "alguien|algu[ée]m|quelqu'un|jemand|qualcuno|iemand|κάποιος|κάποια|кто-то|кто-нибудь|хтось|birisi|seseorang",
    starts: 'inicia|empieza|comienza|commence|startet|beginnt|inizia|come[çc]a|begint',
    'is ready':
      'est pr[êe]te?|est[áa] list[oa]|ist fertig|est[áa] pront[oa]|[eè] pront[oa]|is klaar',
    'when I ask':
      'cuando (?:yo )?(?:te |se )?lo pida|quando (?:eu )?(?:te )?pedir|quand je (?:te |vous )?le demande|wenn ich (?:dich |es |darum )*(?:frage|sage)|quando te lo chiedo|als ik het vraag|когда я (?:тебя )?попрошу|коли я (?:тебе )?попрошу|όταν (?:σου )?το ζητήσω|istediğimde|kalau saya minta|jika saya minta',
    'when I give':
      'quand je (?:lui |te |vous )?donne|cuando (?:yo )?(?:le |te )?d[ée]|cuando (?:yo )?(?:le |te )?doy|wenn ich (?:ihm |ihr |dir )?gebe|quando (?:eu )?(?:lhe |te )?(?:dou|der)',
    every: 'elke|iedere|ogni|jeden|jede|jedes|jeder|jedem|setiap|hver|varje',
    on: 'bei|auf|sur|op|pada|на(?!\\s*\\d)',
    our: 'unser(?:em|en|er|e)?|notre|nos|nuestr[oa]s?|noss[oa]s?|nostr[oa]|nostri|nostre|onze',
    article: 'artikel|art[íi]culos?|άρθρο|статья|статью|стаття|статтю|makale',
    weekday: 'werkdag|werktag|d[ií]a laborable|dia [úu]til|jour ouvr[ée]|giorno feriale',
    weekdays: 'werkdagen|werktage|d[ií]as laborables|dias [úu]teis|jours ouvr[ée]s|giorni feriali',
    'comes in':
      'entra|entrar|llega|chega|chegar|kommt (?:an|rein)|eingeht|ankommt|reinkommt|arriva|arrive|komt binnen|aaye|aaya|aa jaye|aata hai|aati hai|μπαίνει|έρχεται|φτάνει|приходит|поступает|надходить|приходить|masuk|datang',
    'goes down': 'se cae|se caen|tombe en panne|ausf[äa]llt|cai|va(?:da)? gi[uù]|valt uit',
    opens:
      'abrirem|abrir|abre|abren|abrem|ouvre|ouvrent|[öo]ffnet|apre|aprono|ανοίγει|открывается|открывает|відкривається|відкриває|dibuka|membuka|opent',
    fails:
      'fehlschl[äa]gt|falla|fallan|falha|falham|[ée]choue|fallisce|αποτυγχάνει|падает|падає|gagal|mislukt|faalt',
    signs:
      'signe|signent|firma|firman|assina|assinam|unterschreibt|unterzeichnet|υπογράφει|подписывает|підписує|menandatangani|tekent',
    'is booked': 'gebucht wird',
    'is created':
      '(?:erstellt|angelegt) wird|δημιουργείται|создаётся|создается|створюється|oluşturulur|dibuat|(?:wordt )?aangemaakt(?: wordt)?',
    'is paid':
      'bezahlt (?:wird|ist)|est pay[ée]e?|é pag[oa]|es pagad[oa]|[eè] pagat[oa]|is betaald',
    'is completed':
      'abgeschlossen (?:wird|ist)|est termin[ée]e?|é conclu[íi]d[oa]|es completad[oa]',
    'is published':
      'ver[öo]ffentlicht (?:wird|ist)|est publi[ée]e?|é publicad[oa]|es publicad[oa]|[eè] pubblicat[oa]|is gepubliceerd|δημοσιεύεται|выходит|публикуется|виходить|публікується|yayınlanır|terbit|diterbitkan|wordt gepubliceerd',
    'is added':
      'hinzugef[üu]gt (?:wird|ist)|est ajout[ée]e?|é adicionad[oa]|es (?:a[ñn]adid[oa]|agregad[oa])|[eè] aggiunt[oa]|is toegevoegd|προστίθεται|добавляется|додається|eklenir|ditambahkan|wordt toegevoegd',
    'is approved':
      'genehmigt (?:wird|ist)|est approuv[ée]e?|é aprovad[oa]|es aprobad[oa]|[eè] approvat[oa]',
    'is uploaded':
      'hochgeladen (?:wird|ist)|est t[ée]l[ée]charg[ée]e?|é enviad[oa]|es subid[oa]|[eè] caricat[oa]|ανεβαίνει|загружается|завантажується|yüklenir|diunggah|(?:wordt )?geüpload(?: wordt)?|загружают|загрузили|завантажують|завантажили|ανέβηκε|ανεβαίνουν',
    'goes off': 'losgeht|ausgel[öo]st wird',
    published: 'ver[öo]ffentlicht|publi[ée]e?s?|publicad[oa]s?|pubblicat[oa]',
    'when I run it':
      'quand je le lance|cuando (?:yo )?lo (?:lance|lanzo|ejecuto|ejecute)|wenn ich es (?:starte|ausf[üu]hre)|quando (?:eu )?o (?:rodar|executar|rodo|executo)|quando lo (?:lancio|avvio)',
    alert: 'alarme?|alertas?|alerte',
    invoice:
      'rechnung(?:en)?|facturas?|factures?|faturas?|fattur[ae]|factu(?:ur|ren)|τιμολόγιο|счёт|счет|рахунок|fatura|faktur',
    complaint:
      'reclama[çc][ãa]o|reclama[çc][õo]es|reclamaci[óo]n|reclamaciones|beschwerde(?:n)?|r[ée]clamations?|reclam[oi]',
    comment:
      'kommentare?|kommentaren|comentarios?|coment[áa]rios?|commentaires?|comment[oi]|reacties?|σχόλιο|σχόλια|комментарий|коментар|komentar',
    survey:
      'umfragen?|encuestas?|enqu[êe]tes?|pesquisas?|sondaggi?o?|enquêtes?|ερωτηματολόγιο|опрос|опитування|anket|survei',
    application: 'bewerbung(?:en)?|candidaturas?|candidatures?|candidatur[ae]|sollicitaties?',
    request:
      'anfragen?|solicitud(?:es)?|solicita[çc][ãa]o|demandes?|richiest[ae]|aanvra(?:ag|gen)|αίτημα|заявка|заявку|permintaan',
    'is cancelled': 'storniert wird',
    booked: 'gebucht|reservad[oa]|agendad[oa]|réservée?|prenotat[oa]|geboekt',
    a: 'una|uma|une|ein|eine|einen|einem|een|koi|ένα|μια|μία|ένας|bir|sebuah',
    new: 'naya|nayi|naye|nuev[oa]s?|nov[oa]s?|nouveaux|nouvel|nouvelles?|neuer|neue|neues|neuen|neuem|nuov[oa]|nuovi|nuove|nieuwe|nowy|nowa|nowe|nowych|nowego|nowej|νέα|νέο|νέος|νέες|νέων|новый|новая|новое|новые|новую|нового|новой|новых|новий|нова|нове|нову|нових|yeni',
    order:
      'pedidos?|encomendas?|commandes?|bestellung(?:en)?|ordine|bestelling(?:en)?|παραγγελία|παραγγελίες|заказ|заказа|замовлення|sipariş|pesanan|pesanannya',
    file: 'plik(?:i|u)?|archivos?|fichiers?|datei(?:en)?|αρχείο|αρχεία|файл|файлы|файли|dosya|berkas|bestand',
    'in the folder': 'w folderze|en la carpeta|im ordner|nella cartella',
    folder: 'folder(?:ze|u)|carpetas?|ordner|cartell[ae]',
    message:
      'mensajes?|mensage[mn]s?|nachrichte?n?|messaggio|messaggi|bericht(?:en)?|μήνυμα|μηνύματα|сообщение|сообщения|повідомлення|mesaj|pesan|mesej',
    conversation: 'conversaci[óo]n|conversas?|unterhaltung|conversazione|gesprek',
    appointment:
      'citas?|termine?|rendez-vous|agendamentos?|appuntament[oi]|afspra(?:ak|ken)|consultas?',
    customer:
      'clientes?|kunden?|klanten?|πελάτης|πελάτη|клиент|клиента|клієнт|клієнта|müşteri|pelanggan',
    payment:
      'pagos?|pagamentos?|paiements?|zahlung(?:en)?|betaling(?:en)?|πληρωμή|платеж|платёж|оплата|платіж|ödeme|pembayaran',
    sale: 'ventas?|vendas?|ventes?|verkauf|verk[äa]ufe|vendit[ae]|verkopen',
    review:
      'rese[ñn]as?|avalia[çc][ãa]o|avalia[çc][õo]es|bewertung(?:en)?|recension[ei]|recensies?|κριτική|κριτικές|αξιολόγηση|отзыв|отзывы|відгук|відгуки|değerlendirme|ulasan',
    form: 'formularios?|formul[áa]rios?|formulaires?|formular|formulier(?:en)?|φόρμα|форма|форму|formulir',
    via: '[üu]ber|μέσω|через|lewat|melalui|üzerinden',
    for: 'f[üu]r',
    each: 'cada',
    under: 'unter|debajo de|abaixo de|sotto',
    in: 'dans|nella|nel|στο|στη|στην|στον|στα|в(?!\\s*\\d)|во|у(?!\\s*\\d)|di|dalam',
    morning: 'rano|pagi|morgon|subah|matin|manh[ãa]|morgens|mattina|ochtend',
    evening: 'shaam|soir|abends|avond',
    booking:
      'buchung(?:en)?|reservas?|reservierung(?:en)?|réservations?|prenotazion[ei]|boeking(?:en)?|κράτηση|бронь|бронирование|бронювання|rezervasyon|reservasi',
    question: 'preguntas?|perguntas?|domand[ae]|ερώτηση|вопрос|питання|soru|pertanyaan|vraag',
    buyer: 'compradora?s?|k[äa]ufer',
    appears: "εμφανίζεται|появляется|возникает|з'являється|виникає|muncul|verschijnt",
    'is signed':
      'υπογραφεί|υπογράφεται|подписан[ао]?|підписан[оа]|imzalanır|ditandatangani|(?:wordt )?getekend(?: wordt)?',
    'is closed':
      'κλείνει|закрывается|закрыт[ао]?|закрит[оа]|закривається|kapanır|ditutup|(?:wordt )?gesloten(?: wordt)?',
    'is opened': '(?:wordt )?geopend(?: wordt)?',
    leaves: 'αφήνει|оставляет|залишає|bırakır|meninggalkan|achterlaat',
    'fills in': 'συμπληρώνει|заполняет|заповнює|doldurur|mengisi|invult',
    ticket: 'tiket|talep|talebi',
    problem: 'проблема|проблему|πρόβλημα|sorun|masalah|probleem',
    contract: 'σύμβαση|συμβόλαιο|договор|договір|sözleşme|kontrak',
    'when there is a': '(?:kalau|jika|apabila|bila|saat|ketika) ada',
    'every time there is a': '(?:setiap|tiap)(?: kali)? ada',
    error: 'ошибка|ошибку|ошибки|помилка|помилку|σφάλμα|hata|kesalahan',
    send: 'stuur|verstuur|kirim(?:kan)?|gönder|στείλε|отправь|отправляй|надішли|надсилай',
    write: 'schrijf|tulis(?:kan)?|γράψε|напиши|пиши',
    add: 'tambahkan|ekle|πρόσθεσε|добавь|додай',
    check: 'controleer|cek|periksa|έλεγξε|проверь|перевір',
    create: 'maak|buat(?:kan)?|oluştur|δημιούργησε|создай|створи',
    reply: 'beantwoord|balas|yanıtla|cevapla|απάντησε|ответь|відповідай',
    summarise: 'ringkas(?:kan)?|özetle|резюмируй|підсумуй',
    responds: 'απαντήσει|απαντά|отвечает|відповідає',
    incoming:
      'inkomende|binnenkomende|eingehende|входящ\\p{L}*|вхідн\\p{L}*|εισερχόμεν\\p{L}*|gelen',
    webhook: 'вебхук\\p{L}*|веб-хук\\p{L}*',
    afternoon: 'middag|nachmittag|после обеда|öğleden sonra|siang',
    'via webhook': "webhook ile|webhook['’]?(?:le|la)",
    video: 'βίντεο|видео|відео|ビデオ',
    please: 'tolong|mohon|lütfen|παρακαλώ|пожалуйста|будь ласка|alsjeblieft|alstublieft',
  });
  // "un pedido nuevo", "um lead novo": the adjective after its noun, before what happens to it
  // (only the languages' own word for "new": "what's new in Slack" stays as written).
  rewrites.push([
    /(?<!\p{L})(\p{L}+) (?:nuev[oa]s?|nov[oa]s?|nouveaux|nouvelles?|nouveau|nuov[oa]|nuovi|nuove|baru)(?=\s+(?:entra|llega|chega|en|no|na|em|sur|dans|via|arriva|di|dalam|masuk|terbit|dari)(?!\p{L})|\s*[,.!?]|\s*$)/giu,
    'new $1',
  ]);
  for (const [english, foreign] of Object.entries(phrases)) {
    // (Words in other scripts apart, so that the rest is one pattern tried everywhere.)
    const words = alternatives(foreign);
    for (const group of [
      words.filter((word) => !spelledElsewhere(word)),
      words.filter(spelledElsewhere),
    ]) {
      if (group.length) {
        rewrites.push([new RegExp(`(?<!\\p{L})(?:${group.join('|')})(?!\\p{L})`, 'giu'), english]);
      }
    }
  }
  rewrites.push(
    [/(?<!\p{L})(?:un|um)(?!\p{L}|\s*\d)/gu, 'a'],
    // "Gorgias pe ... koi ticket aaye": Hindi's "on" after a product's name.
    [/(?<=\p{Lu}[\p{L}.]*) pe (?=\p{Ll})/gu, ' on '],
    [/(?<!\p{L})(?:en|em)(?= \p{Lu})/gu, 'in'],
    // "Wenn the nightly workflow fails", "quando entra um novo lead": the word for "when" of
    // those languages, opening a sentence.
    [
      /(?<=^|[.!?:]\s+|\n)(?:wenn|sobald|quando|cuando|quand|lorsque|wanneer|zodra|wen|når|när|kiedy|ketika|apabila|bila)(?!\p{L})/giu,
      'When',
    ],
    // (In lower case amid another script, where a word in capitals reads as a product's name.)
    [/(?<=^|[.!?:]\s+|\n)(?:όταν|μόλις|когда|как только|коли|як тільки|щойно)(?!\p{L})/giu, 'when'],
    // ("Als", "если", "jika": if, which may be a state's condition as well as an event's.)
    [/(?<=^|[.!?:]\s+|\n)(?:als|indien|jika|kalau)(?!\p{L})/giu, 'If'],
    [/(?<=^|[.!?:]\s+|\n)(?:если|якщо|αν)(?!\p{L})/giu, 'if'],
    // ("yeni bir mesaj": Turkish puts "a" after the adjective.)
    [/(?<!\p{L})new a(?!\p{L})/gu, 'a new'],
    // ... and what happens after it, before the thing it happens to, as they may put it
    // ("cuando se cae un monitor", "quando entra um novo lead"): in English order.
    [
      /(?<=[Ww]hen )(comes in|goes down|fails|arrives) (?:(an?|the) )?((?:new )?\p{L}+) (?:no|na|en|em|dans|sur|auf|bei|nel|nella|su|op)(?= )/gu,
      '$2 $3 $1 in',
    ],
    [/(?<=[Ww]hen )(comes in|goes down|fails|arrives) (an?|the) ((?:new )?\p{L}+)/gu, '$2 $3 $1'],
  );
  return rewrites.map(
    ([pattern, replacement]) =>
      [pattern, replacement, spelledElsewhere(pattern.source) ? NON_ASCII : undefined] as const,
  );
})();

/** "16 Uhr", "a las 7", "à 9h30", "às 10h", "om 8": the clock time in English. */
const FOREIGN_TIME =
  /(?:(?<!\p{L})(?:a las|a la|às|à|om|um|jam|kl\.?|klo|в|στις|о|v|o)\s+(\d{1,2})(?:[:h.](\d\d))?\s*(?:h|uhr)?|\b(\d{1,2})(?:[:.](\d\d))?\s*uhr)(?!\p{L}|\d|%)/giu;

export function normalize(prompt: string): string {
  let text = shouted(prompt) ? prompt.toLowerCase() : prompt;
  const elsewhere = NON_ASCII.test(text);
  for (const [pattern, replacement, needs] of FOREIGN)
    if (!needs || elsewhere) text = text.replace(pattern, replacement);
  text = text.replace(
    FOREIGN_TIME,
    (m, hour?: string, minute?: string, uhrHour?: string, uhrMinute?: string) =>
      `${/^\d/.test(m) ? '' : 'at '}${hour ?? uhrHour}:${minute ?? uhrMinute ?? '00'}`,
  );
  text = whenAfter(text);
  for (const [pattern, replacement, when] of REWRITES)
    if (!when || when.test(text)) text = text.replace(pattern, replacement);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Written all in capitals ("EVERY FRIDAY EMAIL ME OUR SQUARE SALES"): the capitals say nothing of
 * which words are names, so the description is read as if written in lower case.
 */
export function shouted(prompt: string): boolean {
  const letters = prompt.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return letters.length >= 20 && upper >= 0.9 * letters.length;
}

export type Token = {
  /** The word as written. */
  raw: string;
  lower: string;
  stem: string;
  /** Character offsets in the normalised text. */
  start: number;
  end: number;
  /** Index of the clause (split at punctuation) the token belongs to. */
  clause: number;
};

/** Verbs that mean the same to an event matcher ("a ticket arrives" = "a ticket is received"). */
const STEM_SYNONYMS: Readonly<Record<string, string>> = lookupTable({
  arriv: 'receiv',
  open: 'creat',
  add: 'creat',
  start: 'creat',
});

/** A light suffix stripper: enough to make "labelled", "labels" and "labeled" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && /(?:sh|ch|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) {
    w = w.slice(0, -1);
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /([bcdfgklmnprstvz])\1$/.test(w)) w = w.slice(0, -1);
  return STEM_SYNONYMS[w] ?? w;
}

const WORD =
  /https?:\/\/[^\s)"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[A-Za-z0-9][A-Za-z0-9.'_-]*[A-Za-z0-9]|[A-Za-z0-9]|[,;:.!?()]/g;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let clause = 0;
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    if (/^[,;:.!?()]$/.test(raw) && !(raw === ':' && /^\d/.test(text.slice(match.index + 1)))) {
      clause++;
      continue;
    }
    // "monday.com" stays one word; a sentence's final "tickets." does not.
    const keep = /\.(?:com|io|so|ai|app|dev)$/i.test(raw) || raw.includes('/') || raw.includes('@');
    const word = keep ? raw.replace(/[.,]+$/, '') : raw.replace(/[.']+$/, '');
    const lower = word.toLowerCase();
    tokens.push({
      raw: word,
      lower,
      stem: stem(lower),
      start: match.index,
      end: match.index + word.length,
      clause,
    });
  }
  return tokens;
}

/** Words a phrase may skip in the text, and that phrases themselves do not need to match. */
const FILLERS = new Set([
  'a',
  'an',
  'the',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'get',
  'gets',
  'got',
  'our',
  'my',
  'your',
  'their',
  'its',
  'this',
  'that',
  'some',
  'any',
  'has',
  'have',
]);

export type PhraseMatch = { start: number; end: number };

/**
 * Words in quotes ("the 'Weekly KPIs' dashboard", "tagged 'refund'"): names and labels, not the
 * sentence's own words. An apostrophe inside a word ("podcast's", "there's") opens and closes
 * nothing.
 */
const quoted = (longest: number) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(["'\\u2018\\u201c])[^"'\\u2019\\u201d]{1,${longest}}(["'\\u2019\\u201d])(?![\\p{L}\\p{N}])`,
    'gu',
  );
const QUOTED = quoted(60);
/** A label of several words may run longer than a name: two runs of 60 with a space between. */
const QUOTED_LABEL = quoted(121);

/**
 * The spans of the text in quotes, marks included: names of up to 60 characters, or labels of
 * several words up to 121.
 */
export function quotedSpans(
  text: string,
  labels = false,
): { start: number; end: number; value: string }[] {
  return [...text.matchAll(labels ? QUOTED_LABEL : QUOTED)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    value: m[0],
  }));
}

/** A phrase compiled to the stems a text must contain in order. */
export type Phrase = { text: string; stems: readonly string[] };

export function phrase(text: string, keepFillers = false): Phrase {
  const stems = tokenize(normalize(text))
    .filter((token) => keepFillers || !FILLERS.has(token.lower))
    .map((token) => token.stem);
  return { text, stems };
}

/**
 * Where the phrase occurs in the tokens: its stems in order, inside one clause, with at most
 * `gap` other words between two of them (fillers are free).
 */
export function findPhrase(tokens: readonly Token[], target: Phrase, gap = 2): PhraseMatch[] {
  const { stems } = target;
  const found: PhraseMatch[] = [];
  if (stems.length === 0) return found;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.stem !== stems[0]) continue;
    let at = i;
    let ok = true;
    for (let s = 1; s < stems.length && ok; s++) {
      ok = false;
      let skipped = 0;
      for (let j = at + 1; j < tokens.length; j++) {
        const token = tokens[j]!;
        if (token.clause !== tokens[i]!.clause) break;
        if (token.stem === stems[s]) {
          at = j;
          ok = true;
          break;
        }
        if (!FILLERS.has(token.lower) && ++skipped > gap) break;
      }
    }
    if (ok) found.push({ start: i, end: at });
  }
  return found;
}

/** Damerau-Levenshtein distance, capped: enough to forgive one typo in a product name. */
export function editDistance(a: string, b: string, cap = 2): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Capitalises the first letter. */
export const capitalize = (text: string): string =>
  text.length ? text[0]!.toUpperCase() + text.slice(1) : text;

/** Cuts text at a word boundary so that it fits `max` characters, with an ellipsis if cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}\u2026`;
}

/** "a, b and c". */
export function listing(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** Days and months, in full and abbreviated: names, but not of products. */
export const CALENDAR_WORDS = new Set(
  `monday tuesday wednesday thursday friday saturday sunday january february march april may june
  july august september october november december mon tue tues wed thu thur thurs fri sat sun jan
  feb mar apr jun jul aug sep sept oct nov dec`.split(/\s+/),
);

/** A service name reduced to letters and digits, for comparing spellings. */
export const serviceKey = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');

/** How many letters of the text are of another script than Latin ("kintoneの…アプリに…"). */
export const otherScriptLetters = (text: string) =>
  (text.match(/[^\P{L}\p{Script=Latin}]/gu) ?? []).length;

/** The text as a regular expression matching it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

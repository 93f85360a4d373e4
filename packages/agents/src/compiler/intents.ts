// What a description asks for without naming a product: "email me", "post to our team chat",
// "watch our RSS feed", "search the web". Each intent points at one catalog integration; `unless`
// lists the named products that make it moot (asking for Gmail means the built-in mailer is not
// needed). Patterns run on the normalised text (see text.ts), case-insensitive unless noted.

export type Intent = {
  id: string;
  patterns: readonly RegExp[];
  /** When any of these integrations is named, the intent is already served. */
  unless?: readonly string[];
  /** Text just before a match (up to 60 characters) that disqualifies it. */
  notAfter?: RegExp;
  /** A match that fits this is not the intent (e.g. a URL that is an API's, not a page's). */
  reject?: RegExp;
  /** A match around a named product is that product's ("the Stripe API" is Stripe). */
  yieldsToNames?: boolean;
  /** Told to the user when the intent chose the integration. */
  assumption?: string;
};

const URL = String.raw`https?:\/\/[^\s)"']+`;

export const INTENTS: readonly Intent[] = [
  {
    id: 'email',
    patterns: [
      /\bemail(?:s|ed)?\s+(?:(?:me|him|her|them|us|it|each|every|all|the|a|an|our|their|his|its|to)\b|[\w.+-]+@)/gi,
      // "look a customer up by email" names an address, not a message.
      /(?<!\b(?:look(?:s|ing)? (?:\w+ ){0,4}up|find|finds|search|searches|identify|match)\b[^.]{0,40})\b(?:by|via|over|per|through) email\b/gi,
      /\b(?:send|sends|sending|sent)\b[^.]{0,40}?\bemails?\b(?! address)/gi,
      /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    ],
    unless: ['gmail', 'resend'],
  },
  {
    // A message sent by e-mail said as a thing rather than as the verb: "a personal thank-you
    // email", "one email", "to my inbox", "Email is fine", "email Pastor Mike", "-> ops@".
    id: 'email',
    patterns: [
      /\b(?:welcome|thank[- ]you|reminder|summary|digest|kpi|follow-?up|recap|confirmation|personal|short|polite|friendly|one)\s+e-?mails?\b(?! address)/gi,
      /\b(?:want|like|get|gets|need|receive)\s+(?:an?|one|the)\s+(?:[\w-]+\s+){0,3}?e-?mail\b(?! address)/gi,
      /\b(?:to|in|into)\s+(?:my|our|his|her|their)\s+(?:inbox|e-?mail)\b/gi,
      /\be-?mail\s+(?:please|pls|is fine|is ok|is okay|works)\b/gi,
      /\b(?:by|per|por|via)\s+mail\b/gi,
      // ("-> ops@", "csv to accounting@": where it is sent, not an inbox that is read.)
      /(?:->|=>|\u2192|\bto)\s+[\w.+-]+@(?=\s|$|[,;)])/g,
      // (A person or a team by name, written with a capital: the verb.)
      /\b[Ee]-?mail(?:s|ed)?\s+(?=[A-Z][a-z]+\b(?!\s+(?:[Mm]arketing|[Cc]ampaigns?|[Tt]emplates?|[Ll]ists?)\b))/g,
      /\be-?mail(?:s|ed)?\s+(?=(?:finance|sales|support|ops|accounting|purchasing|hr|legal|marketing|parents|customers|clients|students|staff|tenants|donors|guests|attendees|patients|members|managers|everyone|both)\b)/gi,
    ],
    unless: ['gmail', 'resend', 'outlook', 'postmark', 'sendgrid', 'mailgun', 'brevo', 'mailchimp'],
    // ("draft a personal follow-up email": written for someone to send.)
    notAfter: /\bdraft(?:s|ed|ing)?\b[^.]{0,40}$/i,
  },
  {
    id: 'slack',
    patterns: [/\bteam(?:'s)? chat\b/gi],
    unless: ['discord', 'microsoft-teams', 'lark', 'twilio'],
    assumption: 'Team chat taken as Slack',
  },
  {
    // "post the score in the hiring channel": a channel of the team's, no tool named.
    id: 'slack',
    patterns: [
      /\b(?:in|to|into|on)\s+(?:the|our)\s+(?:[a-z][\w-]*\s+){1,2}?channel\b(?!\s+(?:on|in)\b)/gi,
    ],
    unless: [
      'discord',
      'microsoft-teams',
      'lark',
      'google-chat',
      'mattermost',
      'telegram',
      'youtube',
      'twitch',
      'whatsapp',
    ],
    yieldsToNames: true,
    assumption: 'The channel taken as a Slack channel',
  },
  {
    id: 'slack',
    patterns: [/(?<![\w&])#[a-z][\w-]*/gi],
    unless: ['discord', 'microsoft-teams', 'lark'],
    assumption: 'The #channel taken as a Slack channel',
  },
  {
    id: 'brave-search',
    patterns: [
      /\b(?:search|research|look\s+up|find)\b[^.]{0,60}?\b(?:on|in|across|from) the (?:web|internet)\b/gi,
      /\b(?:search|searches|searching) (?:the )?(?:web|internet)\b/gi,
      /\b(?:web|internet|online) search(?:es)?\b/gi,
    ],
    unless: ['tavily', 'perplexity', 'firecrawl', 'apify'],
    assumption: 'Web searches go through Brave Search',
  },
  {
    // Research with no source named: "look the company up online", "search info in internet",
    // "any recent news", "find me flights from Berlin", "find 20 gift shops in Oregon".
    id: 'brave-search',
    patterns: [
      /\b(?:search|searches|research|researches|look|looks|find|finds|dig)\b[^.]{0,50}?\b(?:online|on the web|in internet|on internet|on the internet)\b(?!\s+(?:shop|store|ordering|booking|course|form|payments?|banking|presence|reviews?|orders?)\b)/gi,
      /\b(?:recent|latest|fresh)\s+(?:news|press|stories|headlines)\b/gi,
      /\b(?:find|look up|research|search for)\s+(?:me\s+)?(?:a|an|the|\d+|some|three|five|ten|twenty)?\s*(?:[\w-]+\s+){0,3}?(?:flights?|hotels?|venues?|restaurants?|papers|coworking spaces?|shops|agencies|clinics|competitors|grants?|cafes|cafés|dentists)\b/gi,
      // "find me 20 dentists in Lyon", "look up the 10 best rated venues": a list to research.
      /\b(?:find|look up)\s+(?:me\s+)?(?:the\s+)?\d+\b/gi,
      /\b(?:the )?(?:news|headlines) (?:about|on)\b|\bweb research\b|\bdig up\b|\b(?:cite|with) sources\b/gi,
      /(?:^|[.!?:]\s*)research\b|\bresearch (?:them|him|her|it|the|their|grant|q\b)/gi,
      /\bplan (?:a|my|the|our)\s+(?:[\w-]+\s+){0,3}?(?:trip|offsite|itinerary|vacation|holiday)\b/gi,
      // "google the company", "search what's trending in plant-based cooking".
      /\bgoogle (?:the|their|it|them|him|her|this|that|each|every)\b|\bsearch (?:for )?what'?s (?:trending|new|hot)\b/gi,
    ],
    unless: [
      'tavily',
      'perplexity',
      'firecrawl',
      'apify',
      'google-maps',
      'pubmed',
      'skyscanner',
      'hacker-news',
      'arxiv',
      'apollo',
      'zoominfo',
      'yelp',
      'tripadvisor',
      'crunchbase',
      'reddit',
      'rss',
      'feedly',
      'exa',
    ],
    assumption: 'Web searches go through Brave Search',
  },
  {
    id: 'google-sheets',
    patterns: [
      /\bspreadsheets?\b/gi,
      // "our reporting sheet", "append a row to the KPI sheet", "in a new sheet": a sheet with no
      // product named (not a balance sheet, a cheat sheet or a time sheet).
      /(?<!\b(?:balance|cheat|spec|data|style|fact|time|rate|call|score|answer|tear|price|work|cover|crib|rap|run|sign-?in|bed|dope)\s)\bsheets?\b(?!\s*(?:music|metal|pan|mask|of)\b)/gi,
    ],
    unless: ['airtable', 'smartsheet', 'microsoft-excel'],
    assumption: 'The spreadsheet taken as Google Sheets',
  },
  {
    id: 'github',
    patterns: [/\bpull requests?\b/gi],
    unless: ['gitlab', 'bitbucket', 'gitea', 'azure-devops', 'gerrit', 'codeberg'],
    assumption: 'Pull requests taken as GitHub pull requests',
  },
  {
    // Code with no host named: "our repos", "the monorepo", "package.json", "a PR",
    // "Dependabot's alerts".
    id: 'github',
    patterns: [
      /\b(?:repo|repos|repository|repositories|monorepo)\b/gi,
      /\bPRs?\b/g,
      /\bpackage\.json\b/gi,
      /\bdependabot\b/gi,
    ],
    unless: [
      'gitlab',
      'bitbucket',
      'gitea',
      'azure-devops',
      'gerrit',
      'codeberg',
      'forgejo',
      'sourcehut',
      'phabricator',
      // (Repositories a scanner or a registry reads name no host: "Snyk-scan our repos".)
      'snyk',
      'codecov',
      'codacy',
      'sonarqube',
      'semgrep',
      'docker-hub',
      'huggingface',
    ],
    notAfter: /\blocal\s*$/i,
    assumption: 'The repositories taken as GitHub repositories',
  },
  {
    id: 'git',
    patterns: [
      /\blocal (?:git )?repo(?:sitory)?\b/gi,
      /\bgit (?:log|diff|status|history|blame)\b/gi,
      /\b(?:my|the) (?:last|latest) commits?\b/gi,
      /\bbefore i commit\b/gi,
    ],
  },
  {
    id: 'rss',
    patterns: [/\bfeeds?\b/gi],
  },
  {
    id: 'web-page',
    patterns: [
      new RegExp(URL, 'g'),
      /\b(?:read|check|fetch|scrape|open|visit|watch|monitor|look at|from)\b[^.,]{0,30}?\b(?:web ?page|website|web site|site|url)\b/gi,
    ],
    unless: ['firecrawl', 'apify', 'playwright', 'chrome-devtools', 'tavily'],
    // (Not an address things are sent to, "POST it to https://...", nor a feed's, "rss https://".)
    notAfter:
      /(?:webhook|\bapi\b|endpoint)[^.]{0,40}$|\b(?:post|posts|send|sends|forward|forwards|push|pushes|deliver|delivers)\b[^.]{0,40}\bto\s*$|\b(?:feed|rss|atom)\s*\(?\s*$/i,
    // (Nor an API's: "https://api.x.com", "https://open.er-api.com/v6/latest", nor a feed's.)
    reject: /\/\/api\.|\/api\b|-api\.|\/v\d+\/|\buptime\b|\/(?:feed|rss)\b|\.xml\b/i,
  },
  {
    // A page named by what it is, where it is read ("check the status page of our payment
    // provider", "answer from our returns policy page"), or an address without its scheme
    // ("refund policy at acme.com/refunds", "status.ourwms.com").
    id: 'web-page',
    patterns: [
      /\b(?:check|checks|watch|monitor|keep an eye on|read|reads|look at|looks at|load|loads|open|visit|scrape|fetch|from|against|using|based on|compare|match)\b[^.]{0,40}?\b(?:home ?page|pricing page|status pages?|login page|(?:appointment|booking|careers?|contact|faq|help|returns?|refunds?|policy|menu|weather|disruptions|minutes|permits?|main|product) pages?)\b/gi,
      // (Not inside an address with its scheme, nor an API's path or a feed's.)
      /(?<![\w/.@-])(?!api\.)(?:[a-z0-9-]+\.)+(?:com|io|co|org|net|dev|app|ai|de|fr|nl|es|it|uk|ca|au|gov|edu|example)(?:\.[a-z]{2})?\/(?!(?:health|healthz|ready|version|feed|rss|api)\b)[\w./-]*/gi,
      /(?<![\w/.@-])status\.(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi,
      /\b(?:keep an eye on|watch|monitor|check|visit|load|open)\s+(?:www\.)?(?:[a-z0-9-]+\.)+(?:com|io|co|org|net|de|fr|nl|uk)\b(?!\/(?:health|healthz|ready|api)\b)/gi,
    ],
    unless: [
      'firecrawl',
      'apify',
      'playwright',
      'chrome-devtools',
      'tavily',
      'statuspage',
      'instatus',
    ],
    notAfter: /(?:webhook|\bapi\b|endpoint)[^.]{0,40}$/i,
    yieldsToNames: true,
  },
  {
    // A link the user hands over, or a page read by what it is: "when I paste a link", "give it
    // a company website url", "read the article", "their website", "the docs at docs.x.io".
    id: 'web-page',
    patterns: [
      /\b(?:i|i'?ll|we|we'?ll)\s+(?:\w+\s+){0,2}?(?:paste|drop|give|send|forward|share)\b[^.]{0,30}?\b(?:link|url)s?\b/gi,
      /\bgive (?:it|you|the agent)\s+(?:a|an|the)?\s*(?:[\w'-]+\s+){0,3}?(?:link|url)s?\b/gi,
      /\bhere'?s (?:a|the) (?:link|list of [\w\s]{0,30}?urls?)\b/gi,
      /\b(?:read|reads|open|opens|summari[sz]e)\s+(?:the|that|this|each|every)\s+(?:page|article|link|url|guidelines page)s?\b/gi,
      /\b(?:their|his|her|the company'?s|company|the city|the council'?s) website\b/gi,
      /(?<![\w/.@-])(?:docs|help|support|developers?)\.(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi,
      // "from this article link", "the article at the link I give", "this link, open it".
      /\b(?:from|at|open|read|check)\s+(?:this|that|the)\s+(?:article\s+|blog\s+|news\s+)?link\b|\blink (?:i|we) (?:give|send|paste|share)\b|\bthis link\b[^.]{0,20}\bopen it\b/gi,
    ],
    unless: ['firecrawl', 'apify', 'playwright', 'chrome-devtools', 'tavily'],
    // (A link to a product's own thing is that product's: "a PR link", "the loom link".)
    reject:
      /\b(?:prs?|pull requests?|mrs?|merge requests?|branch|repo|github|gitlab|bitbucket|gitee|youtube|loom|gong|descript|sharepoint|linkedin|overleaf|scratch|profile|project|video|recording|call|contract|diff)\b/i,
    notAfter:
      /\b(?:prs?|pull requests?|mrs?|merge requests?|branch|diff|review|video|recording|call|transcript)\b[^.]{0,40}$/i,
    yieldsToNames: true,
  },
  {
    id: 'http-request',
    patterns: [
      /\b(?:the|an?|our|their|this|that)\s+(?:[\w-]+\s+){0,3}apis?\b(?!\s*(?:keys?|tokens?|docs|reference|of|access|services?|servers?|pods?|repos?|deploys?|deployments?|logs?|containers?|workers?|monitors?))/gi,
      /\b(?:over|via|through) http\b/gi,
      // (Not inside a domain: "Healthchecks.io" is a product.)
      /\b(?:endpoints?|health ?checks?|rest api)\b(?!\.[a-z])/gi,
      new RegExp(String.raw`https?:\/\/api\.[^\s)"']+`, 'gi'),
      // ("https://open.er-api.com/v6/latest/USD": an API's host or versioned path.)
      new RegExp(
        String.raw`https?:\/\/[^\s)"'/]*-api\.[^\s)"']+|https?:\/\/[^\s)"']+\/v\d+\/[^\s)"']*`,
        'gi',
      ),
    ],
    notAfter: /\b(?:incoming|inbound|current|hard-coded|secrets and)\s*$/i,
    yieldsToNames: true,
  },
  {
    id: 'webhook',
    patterns: [
      /\b(?:to|at|into)\s+(?:a|an|the|our|their|my)?\s*(?:[\w-]+\s+){0,2}webhooks?\b(?! (?:trigger|from))/gi,
      /(?<!\byour\s)\bwebhook url\b/gi,
      // ("will send a webhook here" is a call to the agent.)
      /\bsend (?:a |the )?webhook\b(?!\s+(?:here|to you)\b)/gi,
      // ("POST it to https://hooks.example.com/alerts", "forward to https://...": an address
      // the user gives, things sent to it.)
      new RegExp(
        String.raw`\b(?:post|posts|send|sends|forward|forwards|push|pushes|deliver|delivers)\b[^.\n]{0,40}?\bto\s+https?:\/\/[^\s)"']+`,
        'gi',
      ),
    ],
    reject: /\bagent\b|\b(?:by|via) webhook/i,
  },
  {
    id: 'memory',
    patterns: [
      /\b(?:remember|remembers|keep track|keeps track|keeping track|last seen|already (?:posted|sent|seen)|between runs)\b/gi,
      // Only what is new since the agent last looked: it has to remember what it saw.
      /\b(?:haven'?t|hasn'?t|have not|has not|didn'?t|not)\s+(?:\w+\s+)?(?:seen|used|posted|sent|copied|reported|replied(?: to)?|shared|processed|handled|promoted|drafted)\s+(?:\w+\s+)?(?:yet|before|already)\b/gi,
      /\balready (?:copied|reported|replied|shared|processed|handled|added|drafted|used)\b/gi,
      /\b(?:since|than) (?:the |my |our )?last (?:run|time|check|night|week)\b/gi,
      /\b(?:weren'?t|wasn'?t) there (?:before|last|the (?:night|day|week) before|yesterday)\b/gi,
      // Across runs: "fails twice in a row", "only once per incident", "don't repeat",
      // "new since your last run", "ones I didn't see before", "if anything changes".
      /\b(?:twice|two (?:checks|runs|times)|\d+ (?:checks|runs|times|failures)|three times) in a row\b/gi,
      /\b(?:only )?once per (?:incident|outage|day|alert|event)\b|\bone (?:page|alert|message) per (?:outage|incident)\b/gi,
      /\b(?:don'?t|do not|dont) (?:repeat|tell me twice|send (?:it |the same )?twice)\b/gi,
      /\bsince (?:your|the|my) (?:last|previous) (?:run|scan|check|time|night|digest|post)\b|\bsince the previous (?:night|day|run|check)\b/gi,
      /\b(?:haven'?t|didn'?t|did not|have not) (?:shown|seen|sent|told) (?:me|us)?\s*(?:before|yet|already)?\b(?=[^.]{0,10})/gi,
      /\b(?:i|we) (?:didn'?t|did not|haven'?t|have not) see(?:n)? before\b/gi,
      /\bif (?:anything|something) (?:has )?chang(?:es|ed)\b/gi,
      /\bonly (?:the )?new (?:ones|entries|findings|posts|items|reviews|ones)\b|\bonly (?:the )?(?:entries|ones|findings|items) that are new\b/gi,
      /\b(?:new|changed?|anything new) since (?:yesterday|last (?:week|time|night)|the last one)\b/gi,
      /\bonly when (?:it|the status|something|anything|the price|that)\s+(?:actually\s+)?chang(?:es|ed)\b/gi,
      /\b(?:haven'?t|have not|hasn'?t)\s+(?:already\s+)?(?:flagged|covered|picked|seen|posted|shared)\b/gi,
      /\b(?:already|before) (?:covered|picked|flagged)\b/gi,
      /\bkeep (?:the|a) (?:history|running log)\b/gi,
      /\b(?:last|previous) (?:coverage|value|numbers?|count|total|price)s? (?:you )?(?:stored|saved|recorded)\b|\b(?:you|we) (?:saved|stored) last\b/gi,
      /\bwith yesterday'?s\b|\bprevious hour\b/gi,
      /\bnever (?:repeat|post the same|send the same|twice)\b/gi,
      /\b(?:the )?same \w+ twice\b/gi,
      // ("check if we already saw it before", "ones we did not see b4", "already failed before".)
      /\balready (?:saw|seen|failed|happened|came|reported)\b[^.]{0,20}?\b(?:before|b4)\b|\b(?:not|n'?t) (?:see|seen|saw|used|posted|sent) (?:\w+ )?b4\b/gi,
      // ("skip anything I've already been sent", "new findings only", "compare it with the
      // previous build": what the agent saw on an earlier run.)
      /\balready been (?:sent|shown|posted|told|given)\b|\bnew (?:[\w-]+ ){0,2}only\b/gi,
      /\bcompar\w*\b[^.]{0,30}?\b(?:with|to|against) (?:the )?(?:previous|last) (?:build|run|report|sync|scan|check|one|reading|value)\b/gi,
      // ("new reviews since yesterday".)
      /\bnew\b[^.]{0,25}?\bsince (?:yesterday|last (?:week|time|night|run|check))\b/gi,
      // Kept across runs by the agent itself: "keep a running tally", "add it to today's running
      // total", "keep counts day by day", "bump the daily counter" (not a total read from a
      // source each time, "post today's running total").
      /\b(?:keep|keeps|keeping) (?:a |the )?running (?:total|count|tally|stats|average|avg|sum)\b|\badd (?:it|them|each|the \w+) to (?:a |the |today'?s |this \w+'?s )?running (?:total|count|tally|sum)\b|\bkeep (?:the )?counts?\b|\bbump (?:the )?(?:\w+ )?counter\b/gi,
    ],
  },
  {
    id: 'clock',
    patterns: [
      /\b(?:what time it is|current time|local time|time difference)\b/gi,
      // ("whats the time rn in SF", "what time is now in tokyo", "time in UTC and Berlin time".)
      /\bwhat'?s the time\b|\bwhat time is (?:it|now)\b|\b(?:utc|gmt) and [a-z]+ time\b/gi,
      // ("who is awake now": the hour where each person is.)
      /\b(?:awake|asleep|in (?:their )?working hours) (?:right )?now\b/gi,
    ],
  },
  {
    id: 'transform',
    patterns: [
      /\bcsv\b/gi,
      /\b(?:convert|transform|reshape|flatten)\b[^.]{0,40}?\bjson\b/gi,
      /\bjsonata\b/gi,
    ],
  },
  {
    id: 'sql',
    patterns: [/\bagent(?:'s)? (?:own )?table\b/gi],
  },
  {
    id: 'filesystem',
    patterns: [
      /\b(?:save|saves|store|write|back ?up|put|export|move|organi[sz]e|copy)\b[^.]{0,60}?\b(?:folder|directory)\b/gi,
      /\blocal (?:folder|files?|directory|disk)\b/gi,
    ],
    unless: ['google-drive'],
  },
  {
    id: 'twilio',
    patterns: [
      /\b(?:sms|whatsapp|text messages?)\b/gi,
      /\btext (?:me|him|her|them|us|the|our|their)\b/gi,
    ],
    // WhatsApp named as the product, or a phone system of its own, is not Twilio.
    unless: ['whatsapp', 'openphone', 'aircall', 'ringcentral'],
  },
  {
    id: 'google-calendar',
    patterns: [/\b(?:my|our|the team's|team) calendar\b/gi],
  },
  {
    id: 'google-maps',
    patterns: [/\b(?:nearest|nearby|directions to|travel times?|driving times?|geocod\w*)\b/gi],
  },
  {
    id: 'x',
    patterns: [/\btweet (?:it|them|this|that|our|about|each|every|the)\b/gi],
  },
];

// Japanese, Chinese, Korean and Turkish say "when" after what happens, Japanese, Chinese and Korean
// with no spaces: "Netlifyのデプロイが失敗したら、…", "Gitee 上有新的 Pull Request 时，…", "새
// 상담이 들어오면, …", "Trendyol'a yeni sipariş düştüğünde …". The rest of the compiler reads
// English word order, so such a when-clause is told again in English ("When a deploy fails in
// Netlify, …") before anything is matched: the thing it names, what happens to it, and the
// products (written in Latin letters) where it happens.

/** The things an event happens to, in the three languages' everyday words. */
const THINGS: readonly (readonly [english: string, words: string])[] = [
  ['pull request', 'プルリク(?:エスト)?|合并请求|合併請求|拉取请求|풀\\s?리퀘스트'],
  ['order', '注文|受注|订单|訂單|주문'],
  ['message', 'メッセージ|消息|訊息|信息|私信|메시지|메세지|쪽지'],
  ['email', 'メール|邮件|郵件|이메일|메일'],
  ['booking', '予約|预约|預約|预订|預訂|예약'],
  ['event', '予定|日程|일정'],
  ['meeting', 'ミーティング|会議|会议|會議|미팅|회의'],
  ['record', 'レコード|记录|記錄|레코드'],
  ['conversation', '相談|会話|チャット|对话|對話|咨询|諮詢|상담|대화|채팅'],
  ['inquiry', 'お?問い合わせ|问询|詢問|문의'],
  ['ticket', 'チケット|工单|工單|티켓'],
  ['review', 'レビュー|口コミ|评价|評價|好评|差评|리뷰|후기'],
  ['comment', 'コメント|评论|評論|留言|댓글|코멘트'],
  ['file', 'ファイル|文件|檔案|파일'],
  ['photo', '写真|画像|照片|图片|圖片|사진|이미지'],
  ['document', 'ドキュメント|文書|文档|文檔|문서'],
  ['page', 'ページ|页面|頁面|페이지'],
  ['article', '記事|文章|기사'],
  ['post', '投稿|帖子|게시물|게시글|포스트|글'],
  ['video', '動画|视频|視頻|影片|영상|동영상'],
  ['payment', '支払い?|決済|入金|付款|支付|到账|결제|입금'],
  ['invoice', '請求書|インボイス|发票|發票|인보이스|청구서'],
  ['receipt', '領収書|レシート|收据|收據|영수증'],
  ['refund', '返金|退款|환불'],
  ['subscription', 'サブスク(?:リプション)?|订阅|訂閱|구독'],
  ['customer', '顧客|お客様|客户|客戶|顾客|고객'],
  ['lead', 'リード|见込み客|見込み客|销售线索|潜在客户|리드'],
  ['deal', '商談|商机|商機|딜'],
  ['contact', '連絡先|联系人|聯絡人|연락처'],
  ['member', '会員|会员|會員|회원'],
  ['user', 'ユーザー?|用户|用戶|사용자|유저'],
  ['candidate', '候補者|応募者|候选人|候選人|지원자|후보자'],
  ['application', '応募|申请|申請|지원서|신청'],
  ['response', '回答|答复|答覆|응답'],
  ['form response', 'フォーム|表单|表單|설문|폼'],
  ['task', 'タスク|任务|任務|태스크|작업|할\\s?일'],
  ['issue', '課題|イシュー|问题|問題|이슈'],
  ['bug', 'バグ|缺陷|버그'],
  ['incident', 'インシデント|障害|故障|事故|장애|인시던트'],
  ['alert', 'アラート|告警|警报|警報|报警|報警|경보|알람|알림'],
  ['error', 'エラー|错误|錯誤|报错|報錯|에러|오류'],
  ['deploy', 'デプロイ|部署|배포'],
  ['build', 'ビルド|构建|建置|빌드'],
  ['product', '商品|产品|產品|상품|제품'],
  ['shipment', '発送|出荷|发货|發貨|배송|출고'],
  ['expense', '経費|报销|報銷|费用|費用|경비'],
  ['call', '着信|来电|來電|통화|전화'],
];

/** What happens, in English words the event readers know, and the three languages' verbs. */
const HAPPENINGS: readonly (readonly [english: string, words: string, fresh: boolean])[] = [
  [
    'fails',
    '失敗|落ち|ダウン|止ま|こけ|コケ|失败|挂了|掛了|宕机|宕機|出错|出錯|실패|다운|죽|멈추',
    false,
  ],
  ['fires', '触发|觸發|発報|鳴っ|울리|アラート(?:状態)?にな', false],
  ['is cancelled', 'キャンセル|取り消|解約|取消|退订|退訂|취소|해지', false],
  ['is paid', '支払われ|決済され|入金され|付款|支付|到账|到賬|결제되|입금되', false],
  ['is completed', '完了|終了|終わ|クローズ|完成|关闭|關閉|结束|結束|완료|종료|마감|닫히', false],
  ['is updated', '更新|変更|変わ|修改|变更|變更|업데이트|변경|수정', false],
  ['is merged', 'マージ|合并|合併|병합|머지', false],
  ['is deleted', '削除|删除|刪除|삭제', false],
  ['is published', '公開|投稿され|発行|发布|發布|发表|發表|上线|上線|게시|발행|공개', true],
  ['is uploaded', 'アップロード|アップされ|上传|上傳|업로드', true],
  ['is submitted', '送信|提出|回答され|提交|填写|填寫|제출|응답', true],
  ['signs up', '登録し|注册|註冊|가입', true],
  [
    'is created',
    '作成|追加|登録|発生|起票|作られ|新建|新增|创建|建立|添加|产生|產生|出现|出現|发生|發生|下单|下單|생기|생성|등록|추가|발생|만들어지|올라오|달리|남기|뜨|뜬|잡히|잡혔|つい$|付い$|有人提|提了|(?<=每)[发發]',
    true,
  ],
  [
    'comes in',
    '入っ|入る|来$|来る|届い|届く|着い|あっ$|ある$|收到|来了|進來|进来|到达|到達|有新|有人|傳訊息|傳訊|发消息|發消息|发来|發來|传来|傳來|들어오|들어왔|도착|접수|받으|받았|받$|오$|왔을|올$',
    true,
  ],
];

/** "new": 新しい, 新規, 新的, 새, 새로운, 신규. */
const NEW = /新しい|新規|新た|新的|新|새로운|새(?=\s)|신규/u;

/** Where a when-clause ends: Japanese たら, と, 時, 際, 場合; Chinese 时, 的时候; Korean 면, 때. */
const CLAUSE = new RegExp(
  `(?<=^|[。．！？!?\\n]\\s{0,3})(?=\\S)([^。．！？!?\\n、，,]{2,120}?)(?:${[
    // Japanese: 入ったら, 失敗したら(、), 届くと、, 来た時(は)、, 追加された場合
    '(?:た|だ)らば?\\s*[、，,]?',
    '(?<=[うくすつぬふむゆるぐ])と\\s*[、，,]',
    '(?:た|る)(?:とき|時|際|場合)[には]*\\s*[、，,]?',
    '(?:る|た)?(?:たび|度)に?\\s*[、，,]?',
    // Chinese: …时，(就), …的时候 (not 时间, the time)
    '(?<![小及同实實按准準临臨暂暫随隨定有])(?:的?[时時](?:候)?)(?![间間区區刻长長])\\s*[，,、]?\\s*(?:就|便)?',
    // ... or a clause and then 就 ("有人提 Pull Request，就…": then)
    '\\s*[，,]\\s*就',
    // Korean: 들어오면, 올 때(마다), 실패할 경우
    '(?<=\\p{Script=Hangul})면(?:\\s*[,，]|\\s)',
    '\\s때(?:마다)?(?:\\s*[,，]|\\s)',
    '\\s경우(?:에는?)?(?:\\s*[,，]|\\s)',
  ].join('|')})\\s*`,
  'gu',
);

/** Chinese may open the clause instead: 每当, 每次, 一旦, 只要 … ，(就). */
const OPENED =
  /(?<=^|[。．！？!?\n]\s{0,3})(?=\S)([^。．！？!?\n、，,]{0,40}?)(?:每当|每當|每次|一旦|只要|[每一](?=\S{0,3}(?:有|收到|发布|發布|发|發|来|來|提交|上传|上傳|新增|创建|出现|出現|触发|觸發)))([^。．！？!?\n、，,]{2,100}?)\s*[，,]\s*(?:就|便)?/gu;

const LATIN = /[A-Za-z][\w.&'+-]*(?:[ \t]+[A-Za-z0-9][\w.&'+-]*)*/g;

const thingPatterns = THINGS.map(([english, words]) => [english, new RegExp(words, 'gu')] as const);
const happeningPatterns = HAPPENINGS.map(
  ([english, words, fresh]) => [english, new RegExp(words, 'gu'), fresh] as const,
);

/** The last match of any of the patterns in the text, and where it ends. */
function lastOf<T extends readonly [string, RegExp, ...unknown[]]>(
  patterns: readonly T[],
  text: string,
  before = text.length,
): { entry: T; start: number; end: number } | undefined {
  let found: { entry: T; start: number; end: number } | undefined;
  for (const entry of patterns) {
    for (const m of text.matchAll(entry[1])) {
      if (m.index >= before) break;
      if (!found || m.index > found.start)
        found = { entry, start: m.index, end: m.index + m[0].length };
    }
  }
  return found;
}

/**
 * The when-clause in English, or undefined when it tells of nothing that happens. Japanese and
 * Korean end the clause with its verb ("…が失敗し", "…이 들어오"); Chinese may put it anywhere.
 */
function told(clause: string): string | undefined {
  // (A time already read as English, "every day at 9:00", is a schedule's, not an event's.)
  if (/\b(?:every|at \d)/i.test(clause)) return undefined;
  const happening = lastOf(happeningPatterns, clause);
  if (!happening) return undefined;
  const verbLast = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u.test(clause);
  if (verbLast && happening.end < clause.length - 3) return undefined;
  const [verb, , fresh] = happening.entry;
  // The thing is named before what happens to it, or (Chinese) after: 发布一篇新文章.
  const thing =
    lastOf(thingPatterns, clause, happening.start) ??
    lastOf(thingPatterns, clause.slice(happening.end));
  const latin = [...clause.matchAll(LATIN)].map((m) => ({ text: m[0].trim(), at: m.index }));
  // Without a thing of its own words, a product's English word written after "new" is the thing
  // ("有新的 Pull Request"); the other words in Latin letters are where it happens.
  const after = NEW.exec(clause);
  const named =
    thing?.entry[0] ??
    (after && latin.length > 1 ? latin.find((l) => l.at > after.index)?.text : undefined);
  const places = latin.filter((l) => l.text !== named).map((l) => l.text);
  if (!named && !places.length) return undefined;
  const subject = named
    ? `${fresh || after ? 'a new' : 'a'} ${named}`
    : fresh
      ? 'something new'
      : 'something';
  return `when ${subject} ${verb}${places.length ? ` in ${places.join(' and ')}` : ''}, `;
}

/**
 * A product's second word written in katakana after its first in Latin letters ("Googleカレンダー",
 * "Microsoft チームズ"): the product's English name.
 */
const PRODUCT_WORDS: readonly (readonly [english: string, katakana: string])[] = [
  ['Calendar', 'カレンダー'],
  ['Maps', 'マップ'],
  ['Drive', 'ドライブ'],
  ['Sheets', 'スプレッドシート|シート'],
  ['Docs', 'ドキュメント'],
  ['Forms', 'フォーム'],
  ['Chat', 'チャット'],
  ['Meet', 'ミート'],
  ['Analytics', 'アナリティクス'],
  ['Teams', 'チームズ'],
  ['Business Profile', 'ビジネスプロフィール'],
  ['Photos', 'フォト'],
  ['Slides', 'スライド'],
  ['Ads', '広告'],
];
const PRODUCT_WORD = new RegExp(
  `(?<=[A-Za-z])\\s?(${PRODUCT_WORDS.map(([, katakana]) => katakana).join('|')})`,
  'gu',
);
/** Each katakana word's English, by the word. */
const ENGLISH_WORD = new Map(
  PRODUCT_WORDS.flatMap(([english, katakana]) => katakana.split('|').map((w) => [w, english])),
);
const englishWord = (katakana: string) => ENGLISH_WORD.get(katakana) ?? '';

/**
 * Turkish verbs before "-dığında" ("when it …s") or "-tiği anda" ("the moment it …s"), by their
 * stems ("düş-tüğünde", "kapatıl-dığında"), in the English the event readers know.
 */
const TURKISH_VERBS: readonly (readonly [english: string, stems: RegExp])[] = [
  ['arrives', /^(?:düş|gel|gir|ulaş|dağıl)$/u],
  ['asks', /^(?:sor|iste)$/u],
  ['is closed', /^(?:kapatıl|kapan)$/u],
  ['is uploaded', /^yüklen$/u],
  ['is opened', /^açıl$/u],
  ['opens', /^aç$/u],
  ['is created', /^(?:oluşturul|oluş|yaratıl|açıl)$/u],
  ['is published', /^(?:yayınlan|yayımlan|paylaşıl)$/u],
  ['is added', /^eklen$/u],
  ['is paid', /^öden$/u],
  ['is cancelled', /^(?:iptal edil|iptal ol)$/u],
  ['is submitted', /^(?:gönderil|doldurul)$/u],
  ['fills in', /^doldur$/u],
  ['fires', /^(?:geç|tetiklen)$/u],
  ['fails', /^(?:başarısız ol|çök|hata ver)$/u],
  ['leaves', /^bırak$/u],
  ['is signed', /^imzalan$/u],
  ['sends', /^(?:at|gönder|yaz)$/u],
  ['is updated', /^(?:güncellen|değiş)$/u],
  ['is deleted', /^silin$/u],
  ['signs up', /^(?:kaydol|üye ol)$/u],
  ['is booked', /^(?:rezerve edil|rezervasyon yap)$/u],
];

/** A Turkish sentence's when-clause: its words, the verb's stem, and "-dığında" or "-tiği anda". */
const TURKISH_WHEN =
  /(?<=^|[.!?]\s{1,3}|\n)(?=\S)([^.!?\n,]{1,120}?)\s{1,3}((?:(?:iptal|başarısız|hata|üye|rezerve|rezervasyon)\s)?\p{L}{1,30}?)(?:[dt][ıiuü]ğ[ıiuü]n[dt][ae]|[dt][ıiuü]ğ[ıiuü]\s+(?:anda|zaman|gibi)|[ıiuüae]?rs[ae]|y?[ıiuü]nc[ae])(?!\p{L})\s*,?/giu;

function turkish(text: string): string {
  if (!/[ğış]/iu.test(text)) return text;
  return text.replace(TURKISH_WHEN, (whole, clause: string, stem: string) => {
    const verb = TURKISH_VERBS.find(([, stems]) => stems.test(stem.toLocaleLowerCase('tr')));
    return verb ? `when ${clause} ${verb[0]}, ` : whole;
  });
}

export function whenAfter(text: string): string {
  if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text)) {
    return turkish(text);
  }
  return text
    .replace(PRODUCT_WORD, (_, katakana: string) => ` ${englishWord(katakana)} `)
    .replace(OPENED, (whole, lead: string, clause: string) => {
      const english = told(`${lead} ${clause}`);
      return english ?? whole;
    })
    .replace(CLAUSE, (whole, clause: string) => told(clause) ?? whole);
}

import { describe, expect, it } from 'vitest';
import { isValidCron, isValidTimeZone, nextRuns } from '@spoke/shared/schedule';
import { describeSchedule } from '@spoke/shared/schedule';
import { compileEmbedded } from './embedded.ts';
import { parseSchedule } from './schedule.ts';
import { normalize } from './text.ts';
import { timeZoneInText } from './timezone.ts';

const cronOf = (phrase: string) => parseSchedule(normalize(phrase))?.cron ?? null;

describe('schedule phrases', () => {
  it.each([
    ['every weekday at 9am', '0 9 * * 1-5'],
    ['17h each weekday: list the muted monitors', '0 17 * * 1-5'],
    ['Every 30 minutes from 9:00 to 17:30 on weekdays', '*/30 9-17 * * 1-5'],
    ['Every 15 minutes from 9am to 5pm', '*/15 9-17 * * *'],
    ['At midnight, compare the instances with the inventory sheet', '0 0 * * *'],
    ['At 6am: send me the weather', '0 6 * * *'],
    ['Every other week, email me a list of shared files', '0 9 1,15 * *'],
    ['biweekly, send me the report', '0 9 1,15 * *'],
    ['Mornings at 8, go through Pipedrive for stale deals', '0 8 * * *'],
    ['Weekday mornings at 7:30, list the deals', '30 7 * * 1-5'],
    ['On the first Monday of every month, email me the KPI summary', '0 9 * * 1#1'],
    ['Every Monday 9:00 send the sales team the deals closing this month', '0 9 * * 1'],
    [
      'Twice a week (Mon and Thu, 11:00) write a post around one of our top queries',
      '0 11 * * 1,4',
    ],
    // Lists of hours in the order of a day; a day and a 24-hour time heading the line; a day of
    // several months; "each first of month".
    ['Every weekday at 9, 11, 1 and 3, check the queue', '0 9,11,13,15 * * 1-5'],
    ['daily at 7 and 19 water the plants reminder', '0 7,19 * * *'],
    ['every day at 1, 2 and 3pm', '0 13,14,15 * * *'],
    ['Tuesday 08:15 - the sprint burndown from Jira', '15 8 * * 2'],
    [
      'On the 10th of March, June, September and December, file the VAT summary',
      '0 9 10 3,6,9,12 *',
    ],
    ['each 15th of month at 16:00 send the payroll check', '0 16 15 * *'],
    // Ranges of days, across the weekend too; ordinals after "every"; every Nth day; an hour
    // right after a day.
    ['Tu-Sa 7:15 open the shop checklist', '15 7 * * 2-6'],
    ['friday to monday at 8 check the rota', '0 8 * * 0,1,5,6'],
    ['every 5th and 20th at 11 → pay the suppliers', '0 11 5,20 * *'],
    ['15th of month: invoice the retainer clients', '0 9 15 * *'],
    ['every 3rd day at 6pm water the plants reminder', '0 18 */3 * *'],
    // A clock time with minutes and no am or pm is the working day's, as a bare hour is.
    ['Every Friday at 3:30 email the parents the newsletter', '30 15 * * 5'],
    ['nightly at 2:30 back up the database', '30 2 * * *'],
    ['every thursday 14: send the newsletter draft', '0 14 * * 4'],
    // A list of days before a part of the day; every other night; an hour with its part of the
    // day; a bare hour from 1 to 5 is the afternoon's.
    ['Wednesday and Saturday evenings, post the specials', '0 18 * * 3,6'],
    ['Mon and Thu 10am: chase unpaid invoices', '0 10 * * 1,4'],
    ['every other evening at 7 remind me to practise', '0 19 */2 * *'],
    ['at 7 in the morning and 9 at night remind me to take the pills', '0 7,21 * * *'],
    ['every thursday at 3 send the team the numbers', '0 15 * * 4'],
    // Days and times written in the languages people mix in.
    ['Jeden Montag 9 Uhr: offene Tickets zählen', '0 9 * * 1'],
    ['cada viernes a las 17 manda el resumen', '0 17 * * 5'],
    ['tous les mercredis à 8h30, the weekly digest', '30 8 * * 3'],
    ['toda segunda-feira às 10h post the menu', '0 10 * * 1'],
    ['hourly', '0 * * * *'],
    ['every hour', '0 * * * *'],
    ['every 15 minutes', '*/15 * * * *'],
    ['every minute', '* * * * *'],
    ['every half hour', '*/30 * * * *'],
    ['every 2 hours', '0 */2 * * *'],
    ['every 90 minutes', '0 */2 * * *'],
    ['every 60 minutes', '0 * * * *'],
    ['daily at 18:30', '30 18 * * *'],
    ['every day at noon', '0 12 * * *'],
    ['every day at midnight', '0 0 * * *'],
    ['every Monday', '0 9 * * 1'],
    ['on Tuesdays and Thursdays at 10am', '0 10 * * 2,4'],
    ['every Mon, Wed and Fri at 7:15', '15 7 * * 1,3,5'],
    ['on the first of the month', '0 9 1 * *'],
    ['on the 1st and 15th of each month at 8', '0 8 1,15 * *'],
    ['on the last day of every month at 17:00', '0 17 L * *'],
    ['on the first Monday of every month', '0 9 * * 1#1'],
    ['send it to me friday 4pm', '0 16 * * 5'],
    ['at the end of every month (run it on the 1st for the month that just ended)', '0 9 1 * *'],
    ['end of each month (say the 28th) add up the invoices', '0 9 28 * *'],
    ['once the month is over, send me a report', '0 9 1 * *'],
    ['At every shift end (6am, 2pm, 10pm) pull the OEE numbers', '0 6,14,22 * * *'],
    ['twice a day', '0 9,17 * * *'],
    ['three times a day', '0 9,13,17 * * *'],
    ['two times in a day', '0 9,17 * * *'],
    ['2 times per day', '0 9,17 * * *'],
    ['2x a day', '0 9,17 * * *'],
    ['3 times per day', '0 9,13,17 * * *'],
    ['every morning', '0 9 * * *'],
    ['every evening at 7', '0 19 * * *'],
    ['every night at 2', '0 2 * * *'],
    ['weekly', '0 9 * * 1'],
    ['every Sunday at 9pm', '0 21 * * 0'],
    ['on weekends at 10:30', '30 10 * * 0,6'],
    ['monthly', '0 9 1 * *'],
    ['quarterly', '0 9 1 1,4,7,10 *'],
    ['every year on March 3rd at 10', '0 10 3 3 *'],
    ['every other day at 6', '0 6 */2 * *'],
    ['every 15 minutes during business hours', '*/15 9-17 * * 1-5'],
    ['Mon-Fri at 07.30', '30 7 * * 1-5'],
    ['Monday to Friday at 8 a.m.', '0 8 * * 1-5'],
    ['every wkday at 18h30', '30 18 * * 1-5'],
    ['every Monday at 0800 hrs', '0 8 * * 1'],
    ['every day at half past eight', '30 8 * * *'],
    ['evry friday at quarter past 4 pm', '15 16 * * 5'],
    ['daily @ 5:30 PM', '30 17 * * *'],
    ['at 9am, 12pm and 3pm on weekdays', '0 9,12,15 * * 1-5'],
  ])('%s -> %s', (phrase, cron) => {
    expect(cronOf(phrase)).toBe(cron);
    expect(isValidCron(cron)).toBe(true);
  });

  it('finds no schedule where there is none', () => {
    for (const phrase of [
      'review my last commit',
      'when a new ticket arrives in Zendesk, tag it',
      'draft the Monday newsletter',
      'add it to the monday.com board',
      'list the pods older than 30 days and email me at 5 failures',
      'write three posts promoting our webinar on March 14',
      'Open house on Saturday March 22 at 14 Elm St! Write to every buyer lead',
      'create an event for every parent evening and invite the teachers of each year group',
    ]) {
      expect(cronOf(phrase), phrase).toBeNull();
    }
  });

  it.each([
    ["post the numbers in #sales every Monday's at 9", '0 9 * * 1'],
    ["send me the report on Friday's at 5pm", '0 17 * * 5'],
  ])('reads a plural day written with an apostrophe as a time: %s', (prompt, cron) => {
    const spec = compileEmbedded({ prompt, now: new Date('2026-11-21T10:00:00Z') });
    expect(spec.trigger).toMatchObject({ type: 'schedule', cron });
    expect(spec.steps.map((step) => step.text).join(' ')).not.toMatch(/(?:^|\s)'s\b/);
  });

  it('reads no day that names a thing: a possessive, or a day describing the noun after it', () => {
    const spec = (prompt: string) =>
      compileEmbedded({ prompt, now: new Date('2026-11-21T10:00:00Z') });
    expect(
      spec("Every Monday at 7pm, grab the weekend's runs from our Strava club").trigger,
    ).toMatchObject({
      type: 'schedule',
      cron: '0 19 * * 1',
    });
    expect(
      spec("Every Monday at 7pm, grab the weekend's runs from our Strava club").steps[0]!.text,
    ).toMatch(/weekend's runs/);
    expect(
      spec('work out which weekend shifts had fewer than 5 staff in the rota').trigger.type,
    ).not.toBe('schedule');
    expect(
      spec('Every Saturday morning, list the weekend shifts that still need cover').trigger,
    ).toMatchObject({
      type: 'schedule',
      cron: '0 9 * * 6',
    });
  });

  it('leaves out the days a description excludes, and keeps those it includes', () => {
    expect(cronOf('Every morning at 6:30, pull the orders. Skip Sundays, nobody works then.')).toBe(
      '30 6 * * 1-6',
    );
    expect(cronOf('every day at 9 except weekends')).toBe('0 9 * * 1-5');
    expect(cronOf('Every day at 8, not on Saturdays or Sundays')).toBe('0 8 * * 1-5');
    expect(cronOf('Twice a day, check the queue. Weekends count too.')).toBe('0 9,17 * * *');
  });

  it('runs at the time said with the schedule and those listed with it, not at times of other things', () => {
    expect(
      cronOf(
        'Mon, Wed and Fri at 9: email each rep their stuck deals. (Pipeline meeting is Friday at 4pm.)',
      ),
    ).toBe('0 9 * * 1,3,5');
    expect(cronOf("Every Monday at 11am, before the managers' meeting at 2, build the table")).toBe(
      '0 11 * * 1',
    );
    expect(
      cronOf('twice a day (06:00 and 18:00) check the disks. Backups run at midnight, skip then.'),
    ).toBe('0 6,18 * * *');
    expect(cronOf('every day at 9am and again at 5pm post the queue')).toBe('0 9,17 * * *');
    expect(cronOf('At every shift end (6am, 2pm, 10pm) pull the numbers')).toBe('0 6,14,22 * * *');
    // A time something is due by is no time to run.
    expect(cronOf('each morning, chase the invoices that are due at 5pm today')).toBe('0 9 * * *');
    expect(cronOf('every day at 8, list the tickets due by 17:00')).toBe('0 8 * * *');
  });

  it('runs on the days said as a recurrence, not on the days only talked of beside them', () => {
    expect(cronOf('Every Sunday at 7pm email me who to chase on Monday')).toBe('0 19 * * 0');
    expect(
      cronOf('every friday at 4pm write a post. leave it as draft, i check on the weekend'),
    ).toBe('0 16 * * 5');
    expect(cronOf('Write LinkedIn posts for Tue/Wed/Thu every Friday at 3pm')).toBe('0 15 * * 5');
    expect(cronOf('Sundays 8pm draft the replies so I can check them on Monday')).toBe(
      '0 20 * * 0',
    );
    // Days joined to the recurrence are run on, times or parts of the day between them or not.
    expect(cronOf('every Monday and Friday at 9 email me')).toBe('0 9 * * 1,5');
    expect(cronOf('every Monday at 9 and on Thursday at 9 post')).toBe('0 9 * * 1,4');
    expect(cronOf('on Tuesdays and Thursdays at 10am email me')).toBe('0 10 * * 2,4');
    expect(cronOf('on Monday at 9 post the plan')).toBe('0 9 * * 1');
    // Nor at the time said with such a day, nor at the ends of a span in brackets.
    expect(cronOf('sundays 8pm: write 3 posts and schedule them for Mon/Wed/Fri at 9')).toBe(
      '0 20 * * 0',
    );
    expect(
      cronOf('Every Sunday at 6pm, email me any night shift (19:00-07:00) short of nurses'),
    ).toBe('0 18 * * 0');
  });

  it('reads end of day, a day that names recurring work, yearly dates and windows of hours', () => {
    expect(cronOf('at end of day, around 5:30, post a recap')).toBe('30 17 * * *');
    expect(cronOf('a Friday digest of what shipped')).toBe('0 9 * * 5');
    expect(cronOf('every 14 February, send flowers')).toBe('0 9 14 2 *');
    expect(cronOf('every hour between 8 and 20')).toBe('0 8-20 * * *');
    expect(cronOf('hourly from 9 to 5')).toBe('0 9-17 * * *');
    expect(cronOf('remind me at 6:45am and 6:45pm')).toBe('45 6,18 * * *');
  });

  it('reads "on the 3rd" as a schedule beside a time, a list or a rhythm, and as a date otherwise', () => {
    expect(cronOf('On the 20th at 8am send the rent reminder')).toBe('0 8 20 * *');
    expect(cronOf('remind the team on the 10th and 25th')).toBe('0 9 10,25 * *');
    expect(cronOf('tell the customer the parcel left on the 3rd through DHL')).toBeNull();
  });

  it('does not read a count after "at" as hours', () => {
    expect(cronOf('every day at 8, 10 people arrive: greet them')).toBe('0 9 * * *');
  });

  it('does not take a time that belongs to something else', () => {
    expect(cronOf('every weekday at 7:15 check whether my 7:52 train is late')).toBe(
      '15 7 * * 1-5',
    );
  });

  it('says which defaults it used', () => {
    expect(parseSchedule('every monday')?.assumptions).toEqual([
      'No time of day given: runs at 9:00',
    ]);
    expect(parseSchedule('weekly')?.assumptions).toContain(
      'No day of the week given: runs on Mondays',
    );
    expect(parseSchedule('monthly at 10')?.assumptions).toEqual([
      'No day of the month given: runs on the 1st',
    ]);
  });
});

describe('schedules in other languages', () => {
  it.each([
    ['Tous les matins à 8h30, résume les conversations Crisp', '30 8 * * *'],
    ['chaque lundi à 9h, envoie le rapport', '0 9 * * 1'],
    ['Todos los viernes a las 3 de la tarde, remind the parents', '0 15 * * 5'],
    ['cada 2 horas revisa los pedidos de Shopify', '0 */2 * * *'],
    ['toda segunda-feira às 10h mande o resumo', '0 10 * * 1'],
    ['Jeden Montag um 9 Uhr die offenen Tickets zusammenfassen', '0 9 * * 1'],
    ['montags die Zahlen per Mail', '0 9 * * 1'],
    ['alle 2 Stunden die Bestellungen prüfen', '0 */2 * * *'],
    ['ogni mattina alle ore 7 manda il riepilogo', '0 7 * * *'],
    ['Ogni venerdì alle 15 prepara la newsletter', '0 15 * * 5'],
    ['Il primo giorno di ogni mese alle 8, prendi il fatturato', '0 8 1 * *'],
    ['le premier de chaque mois à 9h, envoie le rapport', '0 9 1 * *'],
    ['el primer día de cada mes a las 10 manda el resumen', '0 10 1 * *'],
    ['Todos los miércoles a las 9 revisa los pedidos', '0 9 * * 3'],
    ['elke vrijdag om 16 uur het rapport sturen', '0 16 * * 5'],
    ['毎朝 9:00 collect the overdue tasks from Backlog', '0 9 * * *'],
    ['毎週金曜日の17時にfreeeの未払い請求書をSlackに送って', '0 17 * * 5'],
    ['毎週日曜の夜、Cloudbedsから稼働率をまとめて', '0 22 * * 0'],
    ['2時間ごとにSentryのエラーを確認', '0 */2 * * *'],
    ['每周一上午9点把上周的销售数据发到群里', '0 9 * * 1'],
    ['每天早上7点半，把昨天的订单汇总发到群里', '30 7 * * *'],
    ['har Monday subah 10 baje hot leads nikaalo', '0 10 * * 1'],
    // Korean, Russian, Ukrainian, Arabic, Turkish, Greek and Czech, with their clock words.
    ['매주 금요일 오후 4시에 주간 보고서를 보내줘', '0 16 * * 5'],
    ['매일 아침 8시 30분에 일정 요약', '30 8 * * *'],
    ['3시간마다 오류를 확인해 줘', '0 */3 * * *'],
    ['Каждую среду в 11:00 собирай отзывы', '0 11 * * 3'],
    ['по пятницам в 5 вечера отправляй отчёт', '0 17 * * 5'],
    ['щодня о 7:15 надсилай погоду', '15 7 * * *'],
    ['كل يوم خميس الساعة 3 مساءً أرسل التقرير', '0 15 * * 4'],
    ['كل يوم الساعة الثامنة أرسل ملخص الطلبات', '0 8 * * *'],
    ["Her cuma saat 17:00'de raporu gönder", '0 17 * * 5'],
    ['Κάθε Τρίτη στις 8 π.μ. στείλε την αναφορά', '0 8 * * 2'],
    ['každou středu v 10:00 pošli přehled', '0 10 * * 3'],
    ['w każdą sobotę rano wyślij podsumowanie', '0 9 * * 6'],
    ['Каждые 30 минут проверяй очередь', '*/30 * * * *'],
    ['de hora em hora confira os pedidos', '0 * * * *'],
    ['toutes les heures, vérifie la file', '0 * * * *'],
    ['har raat 10 baje backup check karo', '0 22 * * *'],
    ['Saturday in the night, clean up the board', '0 22 * * 6'],
    ['har weekday subah 7:30 baje revenue nikaalo', '30 7 * * 1-5'],
    // Days of the person's own kind, then a time: each day at that time.
    ['On shift days at 6pm message me how long the drive to work is', '0 18 * * *'],
    ['on match days at 9 post the lineup to the club group', '0 9 * * *'],
    // Twice a month: on the days given (in brackets too), or the 1st and the 15th.
    ['twice a month (1st + 16th) email the founders a PostHog snapshot', '0 9 1,16 * *'],
    ['twice a month email the founders a PostHog snapshot', '0 9 1,15 * *'],
    ['semi-monthly, send the payroll summary to Ana', '0 9 1,15 * *'],
    ['twice per month on the 5th and 20th send the reminders', '0 9 5,20 * *'],
    ['once per month send the report', '0 9 1 * *'],
    // A bare number after "at" that counts things is no time of day.
    ['Twice a day, if a new review is at 3 stars or below, post it in #cx', '0 9,17 * * *'],
    ['every morning flag the orders at 5 units or more', '0 9 * * *'],
    ['every morning flag the accounts at 2 or more', '0 9 * * *'],
    ['every day at 3 check the logs', '0 15 * * *'],
    ['at 9 weekdays send the report', '0 9 * * 1-5'],
    ['deux fois par jour, post Plausible visitors in #site-stats', '0 9,17 * * *'],
    ['zweimal am Tag die Bestellungen prüfen', '0 9,17 * * *'],
    // A day of each month by its number, weekdays, and the clock words of more languages.
    ['매월 10일 오전 9시에 매출 보고서를 보내 줘', '0 9 10 * *'],
    ['毎月25日の朝に請求書を確認して', '0 9 25 * *'],
    ["Her ayın 15'inde faturaları topla", '0 9 15 * *'],
    ['Setiap tanggal 5 kirim laporan', '0 9 5 * *'],
    ['5-го числа каждого месяца присылай отчёт', '0 9 5 * *'],
    ['Κάθε πρώτη του μήνα στείλε την αναφορά', '0 9 1 * *'],
    ['平日の朝8時半に予定をまとめて', '30 8 * * 1-5'],
    ['工作日早上9点发日报', '0 9 * * 1-5'],
    ['Setiap hari kerja jam 5 sore, ingatkan saya', '0 17 * * 1-5'],
    ["Щоп'ятниці о 16:00 складай дайджест", '0 16 * * 5'],
    ['Κάθε Κυριακή βράδυ στείλε μου τα ραντεβού', '0 18 * * 0'],
    ["Her sabah 8'de satışları topla", '0 8 * * *'],
    ['Κάθε Τρίτη και Πέμπτη στις 11:00 γράψε ανάρτηση', '0 11 * * 2,4'],
    ['Setiap 3 jam cek status server', '0 */3 * * *'],
    ['Elk kwartaal een overzicht van de omzet uit SnelStart', '0 9 1 1,4,7,10 *'],
    ['Elke vrijdagmiddag: loop de open merge requests na', '0 14 * * 5'],
    ['Setiap hari Jumaat jam 10 pagi, ingatkan AJK masjid', '0 10 * * 5'],
    ["Her gece 02:00'de pod'ları kontrol et", '0 2 * * *'],
    ['每週一早上9點把會議整理成清單', '0 9 * * 1'],
  ])('%s -> %s', (text, cron) => {
    expect(cronOf(text)).toBe(cron);
  });

  it('keeps words that only look like them', () => {
    expect(cronOf('the second segunda thing, alle Tickets, as 5 people')).toBeNull();
    // (Arabic "أحد" alone is "someone", not Sunday; Korean "시간" is "hours", not o'clock.)
    expect(cronOf('إذا أرسل أحد العملاء رسالة، رد عليه')).toBeNull();
    expect(cronOf('10시간 동안 처리되지 않은 티켓을 알려줘')).toBeNull();
    expect(cronOf('alle 3 Tage die Backups prüfen')).toBeNull();
    expect(cronOf('Todo dia útil às 8h, verifique os pedidos')).toBe('0 8 * * 1-5');
  });
});

describe('schedule words and times', () => {
  it.each([
    ['0 9 * * 1-5', 'every weekday at 9:00'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['0 * * * *', 'every hour'],
    ['0 */2 * * *', 'every 2 hours'],
    ['30 18 * * *', 'every day at 18:30'],
    ['0 9,17 * * *', 'every day at 9:00 and 17:00'],
    ['0 10 * * 2,4', 'every Tuesday and Thursday at 10:00'],
    ['0 9 1 * *', 'on the 1st of every month at 9:00'],
    ['0 17 L * *', 'on the last day of every month at 17:00'],
    ['0 9 * * 1#1', 'on the first Monday of every month at 9:00'],
    ['0 9 1 1,4,7,10 *', 'on the first day of every quarter at 9:00'],
    ['0 9 1 1 *', 'every year on January 1st at 9:00'],
  ])('describes %s as "%s"', (cron, words) => {
    expect(describeSchedule(cron)).toBe(words);
  });

  it('falls back to cronstrue for unusual shapes and appends the time zone', () => {
    expect(describeSchedule('5 4 * 6 0', 'Europe/Berlin')).toBe(
      'at 04:05, only on Sunday, only in June (Europe/Berlin)',
    );
    expect(describeSchedule('not a cron')).toBe('invalid schedule (not a cron)');
  });

  it('lists the next runs in the schedule’s time zone', () => {
    const from = new Date('2026-11-21T10:00:00Z'); // a Saturday
    expect(nextRuns('0 9 * * 1-5', 'Europe/Berlin', 3, from).map((d) => d.toISOString())).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-24T08:00:00.000Z',
      '2026-11-25T08:00:00.000Z',
    ]);
    expect(() => nextRuns('0 9 * * *', 'Mars/Olympus', 1, from)).toThrow(/Unknown time zone/);
    expect(() => nextRuns('61 9 * * *', 'UTC', 1, from)).toThrow();
  });

  it('validates cron expressions and time zones', () => {
    expect(isValidCron('0 9 * * 1-5')).toBe(true);
    expect(isValidCron('0 9 * *')).toBe(false);
    expect(isValidCron('0 0 9 * * 1')).toBe(false);
    expect(isValidCron('61 9 * * *')).toBe(false);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('time zones', () => {
  it.each([
    ['every day at 9:00 (Europe/London)', 'Europe/London'],
    ['every weekday at 9:00 New York time', 'America/New_York'],
    ['at 5pm CET on Fridays', 'Europe/Berlin'],
    ['daily at 8 PST', 'America/Los_Angeles'],
    ['every day at 06:00 UTC', 'UTC'],
    ['every day at 9', null],
    ['our CI/CD pipeline', null],
    ['post the menu at 11 Kyoto time', 'Asia/Tokyo'],
    ['every day at 7 São Paulo time', 'America/Sao_Paulo'],
    ['at 8am london time', 'Europe/London'],
    ['at 9am Eastern time', 'America/New_York'],
    ['every Friday at noon Salt Lake City time', 'America/Denver'],
    ['check the delivery time of each order', null],
    ['log my reading time every evening', null],
    ['flag orders whose Delivery time is late', null],
  ])('%s -> %s', (text, zone) => {
    expect(timeZoneInText(text)).toBe(zone);
  });

  it('prefers the description’s zone, then the author’s, then UTC, and says so', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const written = compileEmbedded({
      prompt: 'Every day at 9:00 Tokyo time, email me the weather',
      timezone: 'Europe/Berlin',
      now,
    });
    expect(written.trigger).toMatchObject({ type: 'schedule', timezone: 'Asia/Tokyo' });
    const browser = compileEmbedded({
      prompt: 'Every day at 9, email me the weather',
      timezone: 'Europe/Berlin',
      now,
    });
    expect(browser.trigger).toMatchObject({ timezone: 'Europe/Berlin' });
    expect(browser.assumptions).toContain('Time zone taken as Europe/Berlin from your settings');
    const none = compileEmbedded({ prompt: 'Every day at 9, email me the weather', now });
    expect(none.trigger).toMatchObject({ timezone: 'UTC' });
    expect(none.assumptions).toContain('No time zone given: the schedule runs in UTC');
    const bad = compileEmbedded({
      prompt: 'Every day at 9, email me the weather',
      timezone: 'Nowhere/City',
      now,
    });
    expect(bad.trigger).toMatchObject({ timezone: 'UTC' });
    expect(bad.assumptions).toContain('Unknown time zone "Nowhere/City": the schedule runs in UTC');
  });
});

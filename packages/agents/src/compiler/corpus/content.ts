import { cron, item, MANUAL, on, type CorpusCase } from './types.ts';

const CONTENT = 'Content Creation' as const;

export const CONTENT_CASES: readonly CorpusCase[] = [
  item(
    'Every Tuesday and Thursday at 10am, write a LinkedIn post about one of our recent blog articles from the RSS feed',
    ['rss', 'linkedin'],
    cron('0 10 * * 2,4'),
    CONTENT,
  ),
  item(
    'When a new release is published on GitHub, write a short announcement tweet and post it on X',
    ['github', 'x'],
    on('github', 'release.published'),
    CONTENT,
  ),
  item(
    'Draft a weekly newsletter every Friday at 2pm from the articles we bookmarked in Notion and save it as a WordPress draft',
    ['notion', 'wordpress'],
    cron('0 14 * * 5'),
    CONTENT,
  ),
  item(
    'Turn my bullet points into a blog post and publish it to WordPress',
    ['wordpress'],
    MANUAL,
    CONTENT,
  ),
  item(
    'Monitor these three industry news feeds every morning and write a digest post for our blog in WordPress',
    ['rss', 'wordpress'],
    cron('0 9 * * *'),
    CONTENT,
  ),
  item(
    'When a new page is created in our Notion content calendar, draft social posts for LinkedIn and X and add them under the page',
    ['notion', 'linkedin', 'x'],
    on('notion', 'page.created'),
    CONTENT,
  ),
  item(
    'Read the article at the URL I give you and write three tweet-length summaries',
    ['web-page'],
    MANUAL,
    CONTENT,
  ),
  item(
    'Every day at noon, search the web for news about "AI agents", pick the three best stories and post a thread on X',
    ['brave-search', 'x'],
    cron('0 12 * * *'),
    CONTENT,
  ),
  item(
    'Each Monday write a blog post outline from the most searched queries in Google Search Console and put it in Google Docs',
    ['google-search-console', 'google-drive'],
    cron('0 9 * * 1'),
    CONTENT,
  ),
  item(
    'When a new episode appears in our podcast feed, write show notes and publish them as a WordPress post',
    ['rss', 'wordpress'],
    cron('0 * * * *'),
    CONTENT,
  ),
  item(
    'Write a LinkedIn post every weekday at 8:00 sharing one tip from our docs site',
    ['linkedin', 'web-page'],
    cron('0 8 * * 1-5'),
    CONTENT,
  ),
  item(
    'Every month on the 1st, compile the best posts from our blog RSS feed into a newsletter and send it with Resend to our subscribers',
    ['rss', 'resend'],
    cron('0 9 1 * *'),
    CONTENT,
  ),
  item(
    'Translate each new article from our French RSS feed into English and publish it to WordPress as a draft, checking every 30 minutes',
    ['rss', 'wordpress'],
    cron('*/30 * * * *'),
    CONTENT,
  ),
  item(
    'Write 5 tweet ideas about our product launch and save them to a Notion page',
    ['notion'],
    MANUAL,
    CONTENT,
  ),
  item(
    'Every evening, read the front page of Hacker News (https://news.ycombinator.com) and post a summary of the top stories to our Discord community',
    ['web-page', 'discord'],
    cron('0 18 * * *'),
    CONTENT,
  ),
  item(
    'every Wed at 11 pick an older article from our blog RSS feed, refresh the intro and post it on LinkedIn',
    ['rss', 'linkedin'],
    cron('0 11 * * 3'),
    CONTENT,
  ),
  item(
    'Generate alt text for every image in our Google Drive marketing folder',
    ['google-drive'],
    MANUAL,
    CONTENT,
  ),
  item(
    'Once a week, on Sunday at 7pm, draft the Monday newsletter from the Trello cards in the "Newsletter" list and email the draft to editor@magazine.com',
    ['trello', 'email'],
    cron('0 19 * * 0'),
    CONTENT,
  ),
  item(
    'When a Notion page in the Blog database is updated, publish the new version to WordPress',
    ['notion', 'wordpress'],
    on('notion', 'page.content_updated'),
    CONTENT,
  ),
  item(
    "Marketing would like an automated content pipeline. Each Wednesday at 10:00, the agent reads our blog's RSS feed, selects the article with the most potential, writes a LinkedIn post and an X post about it, and saves both as drafts in Notion for approval by the marketing lead before anything is published.",
    ['rss', 'linkedin', 'x', 'notion'],
    cron('0 10 * * 3'),
    CONTENT,
  ),
  item('Write a short poem for the team every Friday at 4pm', [], cron('0 16 * * 5'), CONTENT),
  item(
    "Scrape our competitors' blogs with Firecrawl every Monday and write a LinkedIn post reacting to the most interesting one",
    ['firecrawl', 'linkedin'],
    cron('0 9 * * 1'),
    CONTENT,
  ),
];

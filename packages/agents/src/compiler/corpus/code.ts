import { cron, item, MANUAL, on, WEBHOOK, type CorpusCase } from './types.ts';

const CR = 'Code Review' as const;

export const CODE_CASES: readonly CorpusCase[] = [
  item(
    'Review every new merge request in GitLab against our style guide and comment on problems',
    ['gitlab'],
    on('gitlab', 'merge_request.opened'),
    CR,
  ),
  item(
    'When someone opens a PR in our Bitbucket repo, check that it has tests and a description, and comment if not',
    ['bitbucket'],
    on('bitbucket', 'pullrequest.created'),
    CR,
  ),
  item(
    'Every morning at 9 list the GitHub pull requests that have waited more than two days for review and post them in #code-review on Slack',
    ['github', 'slack'],
    cron('0 9 * * *'),
    CR,
  ),
  item(
    'When a PR is merged into main on GitHub, check that it touched the tests folder and comment a reminder if it did not',
    ['github'],
    on('github', 'pull_request.merged'),
    CR,
  ),
  item(
    'Each Friday at 3 pm, find open GitHub pull requests without any reviewer and ask in Slack for volunteers',
    ['github', 'slack'],
    cron('0 15 * * 5'),
    CR,
  ),
  item(
    'Look at the diff of my local git repository and tell me what could break before I commit',
    ['git'],
    MANUAL,
    CR,
  ),
  item(
    'When new commits are pushed to GitHub, scan the changed files for hard-coded secrets and API keys and open an issue if you find any',
    ['github'],
    on('github', 'push'),
    CR,
  ),
  item(
    'As pull requests are opened on GitHub, review the ones that touch the payments folder and request changes when they add no test',
    ['github'],
    on('github', 'pull_request.opened'),
    CR,
  ),
  item(
    'When a new pull request is opened in GitHub, use Context7 to check that it uses the current API of the libraries it imports and comment on outdated calls',
    ['github', 'context7'],
    on('github', 'pull_request.opened'),
    CR,
  ),
  item(
    'Every night at 1am, run git log on the local repo and e-mail me the commits without a ticket number in the message',
    ['git', 'email'],
    cron('0 1 * * *'),
    CR,
  ),
  item(
    'Go through the open merge requests in GitLab and give each one a short review',
    ['gitlab'],
    MANUAL,
    CR,
  ),
  item(
    'When a merge request is opened in GitLab, check the pipeline status and post the review checklist as a comment',
    ['gitlab'],
    on('gitlab', 'merge_request.opened'),
    CR,
  ),
  item(
    'Weekdays at 10:30, remind reviewers on Microsoft Teams about Bitbucket pull requests waiting on them',
    ['bitbucket', 'microsoft-teams'],
    cron('30 10 * * 1-5'),
    CR,
  ),
  item(
    'When a pull request is opened on GitHub, run a Lighthouse performance trace with Chrome DevTools on its preview URL and comment the scores',
    ['github', 'chrome-devtools'],
    on('github', 'pull_request.opened'),
    CR,
  ),
  item('review my last commit', ['git'], MANUAL, CR),
  item(
    'When a new PR is opened on GitHub, label it S, M or L by the number of lines changed',
    ['github'],
    on('github', 'pull_request.opened'),
    CR,
  ),
  item(
    'Every Monday morning, review the code changes merged last week on GitHub and post three things to improve in #engineering on Slack',
    ['github', 'slack'],
    cron('0 9 * * 1'),
    CR,
  ),
  item('review PRs', ['github'], MANUAL, CR),
  item(
    'On an incoming HTTP request with a GitHub repository name, review its open pull requests and answer with a summary of the risky ones',
    ['github'],
    WEBHOOK,
    CR,
  ),
  item(
    'Code review bot: whenever a pull request is opened in GitHub, read the diff, point out bugs, security issues and missing tests, and leave one review comment; never approve or merge.',
    ['github'],
    on('github', 'pull_request.opened'),
    CR,
  ),
];

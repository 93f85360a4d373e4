/**
 * The GitHub server the docs install (npm @modelcontextprotocol/server-github), as a local
 * package for the docs-example test, which runs offline: it can fetch neither npm's copy nor
 * GitHub's API. It is a real MCP server on the SDK over stdio with the published server's 26
 * tools and their descriptions; like the published one it will not start without
 * GITHUB_PERSONAL_ACCESS_TOKEN, and each tool answers that GitHub cannot be reached from here.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

if (!process.env.GITHUB_PERSONAL_ACCESS_TOKEN) {
  process.stderr.write('GITHUB_PERSONAL_ACCESS_TOKEN environment variable is not set\n');
  process.exit(1);
}

const TOOLS: [string, string][] = [
  ['add_issue_comment', 'Add a comment to an existing issue'],
  ['create_branch', 'Create a new branch in a GitHub repository'],
  ['create_issue', 'Create a new issue in a GitHub repository'],
  ['create_or_update_file', 'Create or update a single file in a GitHub repository'],
  ['create_pull_request', 'Create a new pull request in a GitHub repository'],
  ['create_pull_request_review', 'Create a review on a pull request'],
  ['create_repository', 'Create a new GitHub repository in your account'],
  ['fork_repository', 'Fork a GitHub repository to your account or specified organization'],
  ['get_file_contents', 'Get the contents of a file or directory from a GitHub repository'],
  ['get_issue', 'Get details of a specific issue in a GitHub repository.'],
  ['get_pull_request', 'Get details of a specific pull request'],
  ['get_pull_request_comments', 'Get the review comments on a pull request'],
  ['get_pull_request_files', 'Get the list of files changed in a pull request'],
  ['get_pull_request_reviews', 'Get the reviews on a pull request'],
  ['get_pull_request_status', 'Get the combined status of all status checks for a pull request'],
  ['list_commits', 'Get list of commits of a branch in a GitHub repository'],
  ['list_issues', 'List issues in a GitHub repository with filtering options'],
  ['list_pull_requests', 'List and filter repository pull requests'],
  ['merge_pull_request', 'Merge a pull request'],
  ['push_files', 'Push multiple files to a GitHub repository in a single commit'],
  ['search_code', 'Search for code across GitHub repositories'],
  ['search_issues', 'Search for issues and pull requests across GitHub repositories'],
  ['search_repositories', 'Search for GitHub repositories'],
  ['search_users', 'Search for users on GitHub'],
  ['update_issue', 'Update an existing issue in a GitHub repository'],
  [
    'update_pull_request_branch',
    'Update a pull request branch with the latest changes from the base branch',
  ],
];

const server = new McpServer({ name: 'github-mcp-server', version: '2025.4.8' });
for (const [name, description] of TOOLS) {
  server.registerTool(name, { description }, () => {
    throw new Error('GitHub API Error: api.github.com cannot be reached from this machine');
  });
}
void server
  .connect(new StdioServerTransport())
  .then(() => process.stderr.write('GitHub MCP Server running on stdio\n'));

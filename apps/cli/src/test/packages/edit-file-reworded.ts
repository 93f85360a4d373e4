/**
 * Loaded before server-filesystem.ts in server-filesystem-next.ts: the server's edit_file tool
 * is registered with the reworded description of the next release.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const register = McpServer.prototype.registerTool;
McpServer.prototype.registerTool = function (this: McpServer, ...args: unknown[]) {
  const [name, config] = args as [string, { description?: string }];
  if (name === 'edit_file') {
    args[1] = {
      ...config,
      description:
        'Make line-based edits to a text file. Each edit replaces an exact text sequence with new content; the result is shown as a git-style diff.',
    };
  }
  return (register as (...a: unknown[]) => unknown).apply(this, args);
} as typeof register;

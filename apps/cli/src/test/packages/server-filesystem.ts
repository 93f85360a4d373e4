/**
 * The filesystem server the docs install (npm @modelcontextprotocol/server-filesystem), as a
 * local package for the docs-example test, which runs offline: npm's copy cannot be fetched
 * there. It is a real MCP server on the SDK over stdio, with the published server's 14 tools,
 * their descriptions and the output the docs show for the tools they call; the other tools do
 * their work the same way. It is bundled and packed by test/docs-npm.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const allowed = process.argv.slice(2).map((dir) => realpathSync(path.resolve(dir)));
if (allowed.length === 0) {
  process.stderr.write('Usage: mcp-server-filesystem [allowed-directory] [...]\n');
  process.exit(1);
}

/** A path inside an allowed directory, else an error naming both. */
function valid(requested: string): string {
  const absolute = path.resolve(process.cwd(), requested);
  const inside = (dir: string) => absolute === dir || absolute.startsWith(dir + path.sep);
  if (!allowed.some(inside)) {
    throw new Error(
      `Access denied - path outside allowed directories: ${absolute} not in ${allowed.join(', ')}`,
    );
  }
  return absolute;
}

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const pathArg = { path: z.string() };

const server = new McpServer({ name: 'secure-filesystem-server', version: '2026.1.14' });
const tool = <S extends z.ZodRawShape>(
  name: string,
  description: string,
  shape: S,
  run: (args: z.infer<z.ZodObject<S>>) => Promise<string>,
) =>
  server.registerTool(name, { description, inputSchema: shape }, (async (
    args: z.infer<z.ZodObject<S>>,
  ) => text(await run(args))) as never);

const readText = async ({ path: p }: { path: string }) => fs.readFile(valid(p), 'utf8');
async function listing(p: string, sizes: boolean): Promise<string> {
  const entries = await fs.readdir(valid(p), { withFileTypes: true });
  const lines = await Promise.all(
    entries
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(async (e) => {
        const kind = e.isDirectory() ? '[DIR]' : '[FILE]';
        if (!sizes || e.isDirectory()) return `${kind} ${e.name}`;
        const { size } = await fs.stat(path.join(valid(p), e.name));
        return `${kind} ${e.name.padEnd(30)} ${size} B`;
      }),
  );
  return lines.join('\n');
}
async function tree(p: string): Promise<unknown[]> {
  const entries = await fs.readdir(p, { withFileTypes: true });
  return Promise.all(
    entries.map(async (e) =>
      e.isDirectory()
        ? { name: e.name, type: 'directory', children: await tree(path.join(p, e.name)) }
        : { name: e.name, type: 'file' },
    ),
  );
}
async function search(dir: string, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.name.toLowerCase().includes(pattern.toLowerCase())) found.push(full);
    if (e.isDirectory()) found.push(...(await search(full, pattern)));
  }
  return found;
}

tool(
  'create_directory',
  'Create a new directory or ensure a directory exists. Can create multiple nested directories in one operation.',
  pathArg,
  async ({ path: p }) => {
    await fs.mkdir(valid(p), { recursive: true });
    return `Successfully created directory ${p}`;
  },
);
tool(
  'directory_tree',
  'Get a recursive tree view of files and directories as a JSON structure. Each entry includes name, type and children for directories.',
  pathArg,
  async ({ path: p }) => JSON.stringify(await tree(valid(p)), null, 2),
);
tool(
  'edit_file',
  'Make line-based edits to a text file. Each edit replaces exact text sequences with new content.',
  { path: z.string(), edits: z.array(z.object({ oldText: z.string(), newText: z.string() })) },
  async ({ path: p, edits }) => {
    let content = await fs.readFile(valid(p), 'utf8');
    for (const edit of edits) {
      if (!content.includes(edit.oldText))
        throw new Error(`Could not find exact match for edit:\n${edit.oldText}`);
      content = content.replace(edit.oldText, edit.newText);
    }
    await fs.writeFile(valid(p), content);
    return `Edited ${p}`;
  },
);
tool(
  'get_file_info',
  'Retrieve detailed metadata about a file or directory. Returns size, creation time, last modified time, permissions and type.',
  pathArg,
  async ({ path: p }) => {
    const s = await fs.stat(valid(p));
    return [
      `size: ${s.size}`,
      `created: ${s.birthtime.toString()}`,
      `modified: ${s.mtime.toString()}`,
      `accessed: ${s.atime.toString()}`,
      `isDirectory: ${s.isDirectory()}`,
      `isFile: ${s.isFile()}`,
      `permissions: ${(s.mode & 0o777).toString(8)}`,
    ].join('\n');
  },
);
tool(
  'list_allowed_directories',
  'Returns the list of directories that this server is allowed to access. Subdirectories within the allowed directories are also accessible.',
  {},
  async () => `Allowed directories:\n${allowed.join('\n')}`,
);
tool(
  'list_directory',
  'Get a detailed listing of all files and directories in a specified path. Results distinguish files and directories with [FILE] and [DIR] prefixes.',
  pathArg,
  async ({ path: p }) => listing(p, false),
);
tool(
  'list_directory_with_sizes',
  'Get a detailed listing of all files and directories in a specified path, including sizes. Results distinguish files and directories with [FILE] and [DIR] prefixes.',
  pathArg,
  async ({ path: p }) => listing(p, true),
);
tool(
  'move_file',
  'Move or rename files and directories. If the destination exists, the operation fails.',
  { source: z.string(), destination: z.string() },
  async ({ source, destination }) => {
    await fs.rename(valid(source), valid(destination));
    return `Successfully moved ${source} to ${destination}`;
  },
);
tool(
  'read_file',
  'Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.',
  pathArg,
  readText,
);
tool(
  'read_media_file',
  'Read an image or audio file. Returns the base64 encoded data and MIME type.',
  pathArg,
  async ({ path: p }) => (await fs.readFile(valid(p))).toString('base64'),
);
tool(
  'read_multiple_files',
  'Read the contents of multiple files simultaneously. Each file is returned with its path.',
  { paths: z.array(z.string()) },
  async ({ paths }) =>
    (await Promise.all(paths.map(async (p) => `${p}:\n${await readText({ path: p })}`))).join(
      '\n---\n',
    ),
);
tool(
  'read_text_file',
  'Read the complete contents of a file from the file system as text. Handles various text encodings.',
  pathArg,
  readText,
);
tool(
  'search_files',
  'Recursively search for files and directories matching a pattern. The search is case-insensitive.',
  { path: z.string(), pattern: z.string() },
  async ({ path: p, pattern }) => {
    const found = await search(valid(p), pattern);
    return found.length ? found.join('\n') : 'No matches found';
  },
);
tool(
  'write_file',
  'Create a new file or completely overwrite an existing file with new content. Use with caution.',
  { path: z.string(), content: z.string() },
  async ({ path: p, content }) => {
    await fs.writeFile(valid(p), content);
    return `Successfully wrote to ${p}`;
  },
);

void server
  .connect(new StdioServerTransport())
  .then(() =>
    process.stderr.write(
      `Secure MCP Filesystem Server running on stdio\nAllowed directories: ${JSON.stringify(allowed)}\n`,
    ),
  );

/**
 * The notes server the docs install from the Spoke registry (dev.spoke.ada/fs-notes, "Markdown
 * notes in a folder, exposed as resources and tools"), as a local package for the docs-example
 * test: a real MCP server on the SDK over stdio, reading the folder NOTES_DIR (default `notes`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const dir = path.resolve(process.env.NOTES_DIR ?? 'notes');
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

const server = new McpServer({ name: 'fs-notes', version: '0.3.1' });
server.registerTool(
  'list_notes',
  { description: 'List the Markdown notes in the folder.' },
  async () => {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    return text(names.filter((n) => n.endsWith('.md')).join('\n') || 'No notes yet');
  },
);
server.registerTool(
  'read_note',
  { description: 'Read one note.', inputSchema: { name: z.string() } },
  async ({ name }) => text(await fs.readFile(path.join(dir, path.basename(name)), 'utf8')),
);
void server.connect(new StdioServerTransport());

import type { ServerTemplate } from './types.ts';

export const resource: ServerTemplate = {
  description: 'Markdown notes from a folder, served as MCP resources with a search tool',
  server: (name) => `import { readdirSync, readFileSync } from 'node:fs';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// data/ sits beside src/ and dist/, so the same path works before and after the build.
const DATA = new URL('../data/', import.meta.url);

function noteNames(): string[] {
  return readdirSync(DATA)
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -3))
    .sort();
}

function readNote(name: string): string | null {
  return noteNames().includes(name) ? readFileSync(new URL(\`\${name}.md\`, DATA), 'utf8') : null;
}

/** Builds the server; src/index.ts connects it to standard input and output. */
export function createServer(): McpServer {
  const server = new McpServer({ name: '${name}', version: '0.1.0' });

  server.registerResource(
    'index',
    'notes://index',
    { title: 'All notes', description: 'A list of every note', mimeType: 'text/markdown' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/markdown',
          text: noteNames()
            .map((note) => \`- [\${note}](notes://\${note})\`)
            .join('\\n'),
        },
      ],
    }),
  );

  server.registerResource(
    'note',
    new ResourceTemplate('notes://{name}', {
      list: async () => ({
        resources: noteNames().map((note) => ({
          uri: \`notes://\${note}\`,
          name: note,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { title: 'A note', description: 'One Markdown note from data/', mimeType: 'text/markdown' },
    async (uri, { name }) => {
      const text = readNote(String(name));
      if (text === null) throw new Error(\`no note named \${String(name)}\`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );

  server.registerTool(
    'search_notes',
    {
      title: 'Search notes',
      description: 'Search the notes for a word or phrase, ignoring case.',
      inputSchema: { query: z.string().min(1).describe('The word or phrase to look for') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query }) => {
      const wanted = query.toLowerCase();
      const hits = noteNames().flatMap((note) =>
        (readNote(note) ?? '')
          .split('\\n')
          .filter((line) => line.toLowerCase().includes(wanted))
          .map((line) => \`notes://\${note}: \${line.trim()}\`),
      );
      return {
        content: [{ type: 'text', text: hits.length ? hits.join('\\n') : \`No note mentions "\${query}".\` }],
      };
    },
  );

  return server;
}
`,
  tests: `test('lists the notes as resources', async () => {
  const client = await connect();
  const { resources } = await client.listResources();
  assert.ok(resources.some((r) => r.uri === 'notes://index'));
  assert.ok(resources.some((r) => r.uri === 'notes://welcome'));
  const note = await client.readResource({ uri: 'notes://welcome' });
  assert.match(String(note.contents[0]?.text), /# Welcome/);
  await client.close();
});

test('search_notes finds matching lines', async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'search_notes', arguments: { query: 'markdown' } });
  assert.match(textOf(result), /notes:\\/\\/welcome/);
  await client.close();
});
`,
  files: {
    'data/welcome.md': `# Welcome

Every Markdown file in this data/ directory is a note. Add files here and they appear as
resources (notes://<name>) and in search_notes results.
`,
  },
};

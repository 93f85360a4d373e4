import type { ServerTemplate } from './types.ts';

export const tool: ServerTemplate = {
  description: 'Temperature conversion and word counts over MCP',
  server: (name) => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const UNITS = ['celsius', 'fahrenheit', 'kelvin'] as const;
type Unit = (typeof UNITS)[number];

function toKelvin(value: number, unit: Unit): number {
  if (unit === 'celsius') return value + 273.15;
  if (unit === 'fahrenheit') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(kelvin: number, unit: Unit): number {
  if (unit === 'celsius') return kelvin - 273.15;
  if (unit === 'fahrenheit') return ((kelvin - 273.15) * 9) / 5 + 32;
  return kelvin;
}

/** Builds the server; src/index.ts connects it to standard input and output. */
export function createServer(): McpServer {
  const server = new McpServer({ name: '${name}', version: '0.1.0' });

  server.registerTool(
    'convert_temperature',
    {
      title: 'Convert temperature',
      description: 'Convert a temperature between Celsius, Fahrenheit and Kelvin.',
      inputSchema: {
        value: z.number().describe('The temperature to convert'),
        from: z.enum(UNITS).describe('The unit of value'),
        to: z.enum(UNITS).describe('The unit to convert to'),
      },
      outputSchema: {
        value: z.number().describe('The converted temperature, rounded to two decimals'),
        unit: z.enum(UNITS).describe('The unit of the converted temperature'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ value, from, to }) => {
      const kelvin = toKelvin(value, from);
      if (kelvin < 0) {
        // An error result, not an exception: the model sees the message and can correct itself.
        return {
          isError: true,
          content: [{ type: 'text', text: \`\${value} \${from} is below absolute zero\` }],
        };
      }
      const converted = { value: Math.round(fromKelvin(kelvin, to) * 100) / 100, unit: to };
      return {
        content: [{ type: 'text', text: \`\${converted.value} \${to}\` }],
        structuredContent: converted,
      };
    },
  );

  server.registerTool(
    'word_count',
    {
      title: 'Word count',
      description: 'Count the words, lines and characters in a text.',
      inputSchema: { text: z.string().describe('The text to count') },
      outputSchema: {
        words: z.number().int().describe('Words, separated by white space'),
        lines: z.number().int().describe('Lines; an empty text has none'),
        characters: z.number().int().describe('Characters, white space included'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ text }) => {
      const counts = {
        words: text.split(/\\s+/).filter(Boolean).length,
        lines: text === '' ? 0 : text.split(/\\r?\\n/).length,
        characters: [...text].length,
      };
      return {
        content: [{ type: 'text', text: JSON.stringify(counts) }],
        structuredContent: counts,
      };
    },
  );

  return server;
}
`,
  tests: `test('lists both tools', async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['convert_temperature', 'word_count']);
  await client.close();
});

test('convert_temperature converts and returns structured output', async () => {
  const client = await connect();
  const result = await client.callTool({
    name: 'convert_temperature',
    arguments: { value: 100, from: 'celsius', to: 'fahrenheit' },
  });
  assert.deepEqual(result.structuredContent, { value: 212, unit: 'fahrenheit' });
  const error = await client.callTool({
    name: 'convert_temperature',
    arguments: { value: -500, from: 'celsius', to: 'kelvin' },
  });
  assert.equal(error.isError, true);
  assert.match(textOf(error), /below absolute zero/);
  await client.close();
});

test('word_count counts words, lines and characters', async () => {
  const client = await connect();
  const result = await client.callTool({ name: 'word_count', arguments: { text: 'one two\\nthree' } });
  assert.deepEqual(result.structuredContent, { words: 3, lines: 2, characters: 13 });
  await client.close();
});
`,
  files: {},
};

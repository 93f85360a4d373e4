// Records the input schemas of the built-in servers' tools, as they list them over MCP, in
// src/catalog/tool-schemas.json. Run it after changing a built-in tool's input.
import { writeFileSync } from 'node:fs';
import { listBuiltinToolSchemas } from '../src/catalog/tool-schemas.ts';

const target = new URL('../src/catalog/tool-schemas.json', import.meta.url);
const schemas = await listBuiltinToolSchemas();
writeFileSync(target, `${JSON.stringify(schemas, null, 2)}\n`);
process.stdout.write(`${Object.keys(schemas).length} tools -> src/catalog/tool-schemas.json\n`);

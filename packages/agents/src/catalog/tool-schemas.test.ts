import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_SCHEMAS, listBuiltinToolSchemas } from './tool-schemas.ts';

describe('recorded tool schemas', () => {
  it('are what the built-in servers list over MCP now (npm run tool-schemas -w @spoke/agents)', async () => {
    expect(await listBuiltinToolSchemas()).toEqual(BUILTIN_TOOL_SCHEMAS);
  });
});

import { describe, expect, it } from 'vitest';
import { listBuiltinToolSchemas, TOOL_SCHEMAS } from './tool-schemas.ts';

describe('recorded tool schemas', () => {
  it('are what the built-in servers list over MCP now (npm run tool-schemas -w @spoke/agents)', async () => {
    expect(await listBuiltinToolSchemas()).toEqual(TOOL_SCHEMAS);
  });
});

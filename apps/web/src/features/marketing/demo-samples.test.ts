import { describe, expect, it } from 'vitest';
import { CLI_COMMANDS, CLI_SAMPLES, PROMPT_SAMPLES } from './demo-samples.ts';

// The CLI reference the terminal demo may quote from; anything else could be a command that fails.
const CLI_REFERENCE = [
  'spoke init my-workspace',
  'spoke discover github --limit 5',
  'spoke install io.github.modelcontextprotocol/server-filesystem',
  'spoke tools filesystem',
  'spoke serve --http 8080',
  'spoke export --client claude-desktop',
];

describe('demo samples', () => {
  it('quotes only commands from the CLI reference, each with one or two output lines', () => {
    expect(CLI_COMMANDS.every((command) => CLI_REFERENCE.includes(command))).toBe(true);
    for (const sample of CLI_SAMPLES) {
      expect(sample.output.length).toBeGreaterThanOrEqual(1);
      expect(sample.output.length).toBeLessThanOrEqual(2);
    }
  });

  it('has several distinct agent descriptions', () => {
    expect(PROMPT_SAMPLES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(PROMPT_SAMPLES).size).toBe(PROMPT_SAMPLES.length);
    expect(PROMPT_SAMPLES.every((prompt) => prompt.trim().length > 20)).toBe(true);
  });
});

import type { StartRun } from '@spoke/shared';

/** The run's input: nothing, a JSON object when the text is one, otherwise the text itself. */
export function runInput(text: string): StartRun['input'] {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // Not JSON after all: the agent gets the text as written.
    }
  }
  return text;
}

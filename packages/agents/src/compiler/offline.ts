import type { AgentSpec } from '@spoke/shared';
import { compileEmbedded } from './embedded.ts';
import type { CompileInput } from './types.ts';
import { questionFor } from './vague.ts';

/**
 * The embedded compiler's answer to a description: a spec, or a question when the description
 * gives nothing to build from. Deterministic and offline.
 */
export function compileOffline(input: CompileInput): AgentSpec | { question: string } {
  const spec = compileEmbedded(input);
  const question = questionFor(input.prompt, spec);
  return question ? { question } : spec;
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENTS } from './demo-agents.ts';
import { PROMPT_SAMPLES } from './demo-samples.ts';

interface CompiledSpec {
  name: string;
  trigger:
    | { type: 'schedule'; text: string }
    | { type: 'event'; integration: string; event: string }
    | { type: string };
  integrations: { id: string }[];
  steps: { text: string; tools: string[] }[];
}

// The agents package is not a dependency of the web app: the test runs its embedded compiler from
// source, the one the server compiles descriptions with when no model is set up.
const compilerDir = path.resolve(import.meta.dirname, '../../../../../packages/agents/src');
const { compileEmbedded } = (await import(
  /* @vite-ignore */ `${compilerDir}/compiler/embedded.ts`
)) as {
  compileEmbedded: (input: { prompt: string; timezone: string }) => CompiledSpec;
};
const { integrationById } = (await import(
  /* @vite-ignore */ `${compilerDir}/catalog/index.ts`
)) as {
  integrationById: (id: string) => { name: string; events: { id: string; name: string }[] };
};

describe('the hero’s example agents', () => {
  it('are one for each typed description, in the same order', () => {
    expect(DEMO_AGENTS.map((agent) => agent.prompt)).toEqual([...PROMPT_SAMPLES]);
  });

  it.each(DEMO_AGENTS)('are what Spoke makes of "$prompt"', (agent) => {
    const spec = compileEmbedded({ prompt: agent.prompt, timezone: 'UTC' });
    expect(agent.name).toBe(spec.name);
    expect(agent.integrations).toEqual(spec.integrations.map((integration) => integration.id));
    expect(agent.steps.map((step) => step.text)).toEqual(spec.steps.map((step) => step.text));
    for (const step of agent.steps) expect(agent.integrations).toContain(step.integration);
    const { trigger } = spec;
    if (trigger.type === 'schedule' && 'text' in trigger) {
      expect(agent.trigger.toLowerCase()).toBe(trigger.text.toLowerCase());
    } else if (trigger.type === 'event' && 'event' in trigger) {
      const source = integrationById(trigger.integration);
      const event = source.events.find((each) => each.id === trigger.event)!;
      // "Issue labelled" from GitHub: "When a GitHub issue is labelled".
      expect(agent.trigger).toContain(source.name);
      const [noun, verb] = event.name.toLowerCase().split(' ');
      expect(agent.trigger.toLowerCase()).toContain(`${noun} is ${verb}`);
    } else {
      throw new Error(`unexpected trigger ${trigger.type}`);
    }
  });
});

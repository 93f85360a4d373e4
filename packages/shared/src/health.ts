import * as z from 'zod/mini';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * How third-party (npm) integrations run: in a bubblewrap sandbox, without one because the
 * operator allowed it, or refused because no sandbox works on this server.
 */
export const SANDBOX_MODES = ['bubblewrap', 'none-unsafe', 'refused'] as const;
export type SandboxModeName = (typeof SANDBOX_MODES)[number];

/** How an operator configures a model: for the start-up log and the Admin page. */
export const MODEL_SETUP_HELP =
  'Set LLM_PROVIDER (openai, anthropic or openai-compatible), LLM_MODEL and the API key ' +
  '(OPENAI_API_KEY, ANTHROPIC_API_KEY, or LLM_API_KEY for an OpenAI-compatible server, which ' +
  'also needs LLM_BASE_URL), then restart the server. For example, with a local Ollama: ' +
  'LLM_PROVIDER=openai-compatible LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.1';

export const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  integrations: z.optional(z.object({ sandbox: z.enum(SANDBOX_MODES) })),
  /** Whether a language model is configured: without one, only plans of tool steps run. */
  model: z.optional(z.enum(['configured', 'none'])),
});
export type Ready = z.infer<typeof ReadySchema>;

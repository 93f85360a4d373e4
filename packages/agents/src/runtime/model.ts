import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

export const MODEL_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Which language model runs agents, read from the environment. */
export type ModelConfig = {
  provider: ModelProvider;
  model: string;
  /** The provider's API root; required for `openai-compatible`, e.g. http://127.0.0.1:11434/v1. */
  baseUrl?: string;
  apiKey?: string;
};

/**
 * What a run answers its user when no model is configured: in the user's words (how to configure
 * one is the operator's, `MODEL_SETUP_HELP` in the shared package).
 */
export const MODEL_NOT_CONFIGURED_MESSAGE =
  'No language model is set up on this server yet, so this agent cannot run (dry runs still ' +
  'work). An administrator can set one up: the Admin page says how.';

/** A model configuration that is half done or malformed; `problems` lists each mistake. */
export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`The language model configuration is incomplete: ${problems.join('; ')}.`);
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const KEY_VARIABLE: Record<ModelProvider, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'LLM_API_KEY',
};

function isProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The model configuration in `env`, or null when none of `LLM_PROVIDER`, `LLM_MODEL` and
 * `LLM_BASE_URL` is set. Throws {@link ModelConfigError} for a half configuration (say
 * `LLM_PROVIDER` without `LLM_MODEL`), so that the server can refuse to start with a clear message.
 */
export function modelConfigFromEnv(env: Env): ModelConfig | null {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const provider = read('LLM_PROVIDER');
  const model = read('LLM_MODEL');
  const baseUrl = read('LLM_BASE_URL');
  if (!provider && !model && !baseUrl) return null;

  const problems: string[] = [];
  if (!provider) {
    problems.push('set LLM_PROVIDER to openai, anthropic or openai-compatible');
  } else if (!isProvider(provider)) {
    problems.push(`LLM_PROVIDER must be openai, anthropic or openai-compatible, not "${provider}"`);
  }
  if (!model) problems.push('set LLM_MODEL to the name of the model, e.g. gpt-4o-mini or llama3.1');
  if (baseUrl && !httpUrl(baseUrl)) {
    problems.push(`LLM_BASE_URL must be an http(s) URL, not "${baseUrl}"`);
  }
  if (provider === 'openai-compatible' && !baseUrl) {
    problems.push(
      'LLM_PROVIDER=openai-compatible needs LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1 for Ollama',
    );
  }
  const keyVariable = provider && isProvider(provider) ? KEY_VARIABLE[provider] : undefined;
  const apiKey = keyVariable ? (read(keyVariable) ?? read('LLM_API_KEY')) : undefined;
  if ((provider === 'openai' || provider === 'anthropic') && !apiKey) {
    problems.push(`LLM_PROVIDER=${provider} needs ${keyVariable} (or LLM_API_KEY)`);
  }
  if (problems.length > 0 || !provider || !isProvider(provider) || !model) {
    throw new ModelConfigError(problems);
  }
  return {
    provider,
    model,
    ...(baseUrl ? { baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

/** The AI SDK language model for a configuration. */
export function createLanguageModel(config: ModelConfig): LanguageModel {
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    case 'anthropic':
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    case 'openai-compatible': {
      if (!config.baseUrl) {
        throw new ModelConfigError(['an OpenAI-compatible provider needs a base URL']);
      }
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        includeUsage: true,
      }).chatModel(config.model);
    }
  }
}

/** A one-line description of the model for logs, without the key. */
export function describeModel(config: ModelConfig): string {
  return `${config.provider} ${config.model}${config.baseUrl ? ` at ${config.baseUrl}` : ''}`;
}

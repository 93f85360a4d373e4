import { MODEL_SETUP_HELP } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import {
  createLanguageModel,
  describeModel,
  MODEL_NOT_CONFIGURED_MESSAGE,
  ModelConfigError,
  modelConfigFromEnv,
} from './model.ts';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    modelConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ModelConfigError);
    return (error as ModelConfigError).problems;
  }
  throw new Error('expected a ModelConfigError');
}

describe('modelConfigFromEnv', () => {
  it('is null when no model is configured, whatever keys are around', () => {
    expect(modelConfigFromEnv({})).toBeNull();
    expect(
      modelConfigFromEnv({ OPENAI_API_KEY: 'sk-x', LLM_PROVIDER: '  ', LLM_MODEL: '' }),
    ).toBeNull();
  });

  it('reads OpenAI and Anthropic with their own keys', () => {
    expect(
      modelConfigFromEnv({
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'gpt-4o-mini',
        OPENAI_API_KEY: 'sk-1',
      }),
    ).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-1' });
    expect(
      modelConfigFromEnv({
        LLM_PROVIDER: 'anthropic',
        LLM_MODEL: 'claude-sonnet-4-5',
        ANTHROPIC_API_KEY: 'ak-1',
        OPENAI_API_KEY: 'sk-unused',
      }),
    ).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'ak-1' });
  });

  it('takes LLM_API_KEY when the provider key is not set, and a base URL for proxies', () => {
    expect(
      modelConfigFromEnv({
        LLM_PROVIDER: 'openai',
        LLM_MODEL: 'gpt-4o',
        LLM_API_KEY: 'generic',
        LLM_BASE_URL: 'https://proxy.example.com/v1',
      }),
    ).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: 'generic',
      baseUrl: 'https://proxy.example.com/v1',
    });
  });

  it('reads an OpenAI-compatible server, with or without a key', () => {
    const ollama = {
      LLM_PROVIDER: 'openai-compatible',
      LLM_MODEL: 'llama3.1',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
    };
    expect(modelConfigFromEnv(ollama)).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(modelConfigFromEnv({ ...ollama, LLM_API_KEY: 'k' })).toMatchObject({ apiKey: 'k' });
  });

  it('names every mistake of a half configuration', () => {
    expect(problemsOf({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk' })).toEqual([
      'set LLM_MODEL to the name of the model, e.g. gpt-4o-mini or llama3.1',
    ]);
    expect(problemsOf({ LLM_MODEL: 'gpt-4o' })).toEqual([
      'set LLM_PROVIDER to openai, anthropic or openai-compatible',
    ]);
    expect(problemsOf({ LLM_PROVIDER: 'openai', LLM_MODEL: 'gpt-4o' })).toEqual([
      'LLM_PROVIDER=openai needs OPENAI_API_KEY (or LLM_API_KEY)',
    ]);
    expect(problemsOf({ LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude' })).toEqual([
      'LLM_PROVIDER=anthropic needs ANTHROPIC_API_KEY (or LLM_API_KEY)',
    ]);
    expect(problemsOf({ LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'llama3.1' })).toEqual([
      'LLM_PROVIDER=openai-compatible needs LLM_BASE_URL, e.g. http://127.0.0.1:11434/v1 for Ollama',
    ]);
    expect(problemsOf({ LLM_PROVIDER: 'gemini', LLM_BASE_URL: 'localhost:11434' })).toEqual([
      'LLM_PROVIDER must be openai, anthropic or openai-compatible, not "gemini"',
      'set LLM_MODEL to the name of the model, e.g. gpt-4o-mini or llama3.1',
      'LLM_BASE_URL must be an http(s) URL, not "localhost:11434"',
    ]);
  });

  it('says all of it in one message the server can print', () => {
    expect(() => modelConfigFromEnv({ LLM_PROVIDER: 'openai' })).toThrow(
      'The language model configuration is incomplete: set LLM_MODEL to the name of the model, ' +
        'e.g. gpt-4o-mini or llama3.1; LLM_PROVIDER=openai needs OPENAI_API_KEY (or LLM_API_KEY).',
    );
  });
});

describe('createLanguageModel', () => {
  it('builds the model of each provider', () => {
    const models = [
      createLanguageModel({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk' }),
      createLanguageModel({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'ak' }),
      createLanguageModel({
        provider: 'openai-compatible',
        model: 'llama3.1',
        baseUrl: 'http://127.0.0.1:11434/v1',
      }),
    ];
    expect(
      models.map((model) => typeof model !== 'string' && [model.provider, model.modelId]),
    ).toEqual([
      ['openai.responses', 'gpt-4o-mini'],
      ['anthropic.messages', 'claude-sonnet-4-5'],
      ['openai-compatible.chat', 'llama3.1'],
    ]);
  });

  it('describes the model without its key', () => {
    expect(describeModel({ provider: 'openai', model: 'gpt-4o', apiKey: 'sk-secret' })).toBe(
      'openai gpt-4o',
    );
  });
});

describe('the messages of a server with no model', () => {
  it('tells the user in their words, and the operator how to configure one', () => {
    // Users see no settings of the server.
    expect(MODEL_NOT_CONFIGURED_MESSAGE).not.toMatch(/[A-Z]{2,}_[A-Z]+/);
    for (const word of [
      'LLM_PROVIDER',
      'LLM_MODEL',
      'OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'LLM_BASE_URL',
    ]) {
      expect(MODEL_SETUP_HELP).toContain(word);
    }
    expect(MODEL_SETUP_HELP).toContain(
      'LLM_PROVIDER=openai-compatible LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.1',
    );
  });
});

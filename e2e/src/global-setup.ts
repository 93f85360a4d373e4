import type { TestProject } from 'vitest/node';
import { autoResponder, startOpenAITestServer } from '@spoke/agents/testing';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Accounts registered with this e-mail are admins (ADMIN_EMAILS). */
    adminEmail: string;
    /** The server's DATA_DIR: its mail outbox is `<dataDir>/outbox/*.eml`. */
    dataDir: string;
    /** The local OpenAI-compatible model the server runs agents with. */
    modelUrl: string;
  }
}

const ADMIN_EMAIL = 'admin@e2e.example.com';

export default async function setup(project: TestProject) {
  // Agents run against a local OpenAI-compatible model: it calls the first tool it is offered,
  // then answers with the tool's result. (Its answers to compile requests are not specs, so the
  // embedded compiler writes the agents.)
  const model = await startOpenAITestServer({ fallback: autoResponder() });
  const server = await startServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'test-model',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('modelUrl', model.url);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
    await model.close();
  };
}

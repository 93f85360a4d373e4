import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Accounts registered with this e-mail are admins (ADMIN_EMAILS). */
    adminEmail: string;
    /** The server's DATA_DIR: its mail outbox is `<dataDir>/outbox/*.eml`. */
    dataDir: string;
  }
}

const ADMIN_EMAIL = 'admin@e2e.example.com';

export default async function setup(project: TestProject) {
  const server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
  };
}

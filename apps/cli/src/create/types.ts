export type TemplateName = 'basic' | 'tool' | 'resource';

/** What differs between the server templates; the rest of the project is shared. */
export type ServerTemplate = {
  /** server.json and package.json description, at most 100 characters. */
  description: string;
  /** src/server.ts, given the project name. */
  server: (name: string) => string;
  /** The body of test/server.test.ts after the shared helpers. */
  tests: string;
  /** Extra files by relative path, such as data/welcome.md. */
  files: Record<string, string>;
};

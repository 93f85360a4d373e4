/** An argument or environment variable as a server.json declares it. */
export type Declaration = {
  type?: string;
  name?: string;
  valueHint?: string;
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: string;
  default?: string;
  choices?: string[];
};

export type ServerPackage = {
  registryType: string;
  identifier: string;
  version?: string;
  transport?: { type: string; url?: string };
  packageArguments?: Declaration[];
  runtimeArguments?: Declaration[];
  environmentVariables?: Declaration[];
};

export type ServerRemote = { type: string; url: string; headers?: Declaration[] };

/** The parts of a server.json document that spoke reads. */
export type ServerJson = {
  name: string;
  description?: string;
  version: string;
  status?: string;
  repository?: { url?: string; source?: string; subfolder?: string };
  packages?: ServerPackage[];
  remotes?: ServerRemote[];
};

/** One entry of a registry's list answer, or of a local registry file. */
export type ListItem = { server: ServerJson; _meta?: Record<string, unknown> };

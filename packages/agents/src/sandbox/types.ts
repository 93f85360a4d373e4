import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Integration } from '../catalog/types.ts';
import type { NetworkPolicy } from '../builtins/types.ts';
import type { EgressLog } from './egress-proxy.ts';

/**
 * What the operator asked for. `auto`: bubblewrap when it works here, else third-party servers
 * are refused. `bubblewrap`: bubblewrap or the server does not start. `none-unsafe`:
 * run them on the host as the server's own user (only for machines that run nobody else's agents).
 * A container runner would be one more value here, with its own {@link SandboxRunner}.
 */
export type SandboxSetting = 'auto' | 'bubblewrap' | 'none-unsafe';

/** What is in force: the sandbox in use, unsandboxed by the operator's choice, or refusing. */
export type SandboxMode = 'bubblewrap' | 'none-unsafe' | 'refused';

export type SandboxStatus = {
  setting: SandboxSetting;
  mode: SandboxMode;
  /** One sentence for logs, /api/ready and the admin page. */
  detail: string;
};

export type SandboxLimits = {
  /** V8 heap of the integration's server, in MiB; its address space may be 2 GiB more. */
  memoryMb: number;
  /** Processes and threads inside one sandbox. */
  processes: number;
  /** CPU seconds the server may use. */
  cpuSeconds: number;
  /** How long a sandbox may live at all; the runtime kills it then. */
  wallClockMs: number;
  /** Size of its private /tmp, in MiB. */
  tmpMb: number;
};

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  memoryMb: 512,
  processes: 128,
  cpuSeconds: 120,
  wallClockMs: 180_000,
  tmpMb: 64,
};

export type SandboxOptions = {
  setting: SandboxSetting;
  /** The bubblewrap program (default /usr/bin/bwrap). */
  bwrapPath?: string;
  /** `<dataDir>/packages` holds installed packages, `<dataDir>/sandbox` the agents' scratch. */
  dataDir: string;
  limits?: Partial<SandboxLimits>;
  /** The address guard the egress proxy applies (the built-ins' policy). */
  network: NetworkPolicy;
  /** Where packages are installed from (default: npm's configuration). */
  npmRegistry?: string;
  /** Budget of one package install (default 90 s). */
  installTimeoutMs?: number;
  /** Proxy decisions, e.g. to the server's log. */
  egressLog?: EgressLog;
};

/** One start of an integration's npm server for one agent. */
export type SandboxLaunch = {
  agentId: string;
  integration: Integration;
  package: string;
  version: string | null;
  /** The catalog's arguments, placeholders filled in (with {@link IntegrationSandbox.confine}d values). */
  args: string[];
  /** Environment: the integration's values and the caller's extras. */
  env: Record<string, string>;
};

/** A started server: MCP over its stdio; `stderr` is the tail of its error output. */
export type SandboxedProcess = {
  transport: Transport;
  stderr(): string;
};

/** Starts integrations' npm servers in whatever isolation is in force. */
export type IntegrationSandbox = {
  readonly status: SandboxStatus;
  /**
   * The integration's values with every path-valued setting (the catalog's `sandbox.paths`)
   * rewritten to a place inside the agent's scratch directory: "/" and "../.." end up at its root.
   */
  confine(
    integration: Integration,
    agentId: string,
    values: Readonly<Record<string, string>>,
  ): Record<string, string>;
  /** Starts the server; rejects with a message for the agent's owner when it cannot. */
  start(launch: SandboxLaunch): Promise<SandboxedProcess>;
  /** Ends every server still running. */
  close(): Promise<void>;
};

/** How one kind of isolation starts a server (bubblewrap today; a container runner would fit). */
export type SandboxRunner = {
  start(launch: SandboxLaunch): Promise<SandboxedProcess>;
  close(): Promise<void>;
};

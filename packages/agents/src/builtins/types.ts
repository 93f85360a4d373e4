/**
 * A message the platform's mailer sends on an agent's behalf. The mailer decides whether the
 * agent may send it (its owner's recipients and limits) and marks it as the agent's.
 */
export type OutgoingEmail = { agentId: string; to: string[]; subject: string; text: string };

/** The platform's mailer, as the e-mail built-in uses it. */
export type Mailer = {
  /**
   * Sends one message; resolves with the mailer's id for it, rejects with the reason when it
   * cannot or may not send it.
   */
  send(message: OutgoingEmail): Promise<{ id: string }>;
};

/**
 * Key-value storage scoped to one agent. Values are JSON. Implementations enforce
 * {@link MEMORY_LIMITS} and reject with a message a person can act on when one is exceeded.
 */
export type KeyValueStore = {
  /** The stored value, or `undefined` when the key is not set. */
  get(key: string): Promise<unknown>;
  /** Stores (or replaces) a JSON value. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes a key; resolves with whether it existed. */
  delete(key: string): Promise<boolean>;
  /** Keys in lexical order, optionally only those starting with `prefix`, at most `limit`. */
  list(prefix?: string, limit?: number): Promise<string[]>;
};

/** The limits every {@link KeyValueStore} keeps. */
export const MEMORY_LIMITS = {
  /** Characters in a key. */
  maxKeyLength: 200,
  /** Bytes of a value serialised as JSON (UTF-8). */
  maxValueBytes: 64 * 1024,
  /** Keys one agent may hold. */
  maxKeys: 1000,
} as const;

/** Column of the agent's table. `type` is the database's type name, e.g. `text`, `integer`. */
export type AgentTableColumn = { name: string; type: string };

/** Result of one read-only query. Values are JSON-friendly or `Date`/`bigint`/bytes. */
export type AgentQueryResult = { columns: string[]; rows: unknown[][]; truncated: boolean };

/**
 * The table an agent owns, as the SQL built-in reads it. Implementations run every query in a
 * READ ONLY transaction under a role that can see only this table, stop it after
 * `limits.timeoutMs` and return at most `limits.maxRows` rows (setting `truncated` when there were
 * more). The built-in refuses anything but one SELECT before calling `query`; the transaction is
 * what guarantees nothing is written.
 */
export type AgentTable = {
  /** The table's name and columns. */
  describe(): Promise<{ table: string; columns: AgentTableColumn[] }>;
  /** Runs one SELECT with `$1`, `$2`… parameters. Rejects with the database's message on error. */
  query(
    sql: string,
    params: unknown[],
    limits: { maxRows: number; timeoutMs: number },
  ): Promise<AgentQueryResult>;
};

/** Where the built-ins that make HTTP requests may connect. */
export type NetworkPolicy = {
  /**
   * When set, only these hosts (an empty list allows none): exact names (`api.example.com`), IP
   * addresses, or `*.example.com` for any subdomain of example.com (not example.com itself).
   */
  allowedHosts?: string[];
  /** Allow private, loopback, link-local and other non-public addresses. Default false. */
  allowPrivateNetworks?: boolean;
};

/** What the caller provides to run the built-in MCP servers for one agent. */
export type BuiltinContext = {
  /** The agent the servers act for. */
  agentId: string;
  /** Sends the e-mail built-in's messages. */
  mailer: Mailer;
  /** The agent's key-value memory. */
  kv: KeyValueStore;
  /** The agent's own table, read by the SQL built-in. */
  sql: AgentTable;
  /** Where HTTP requests, web pages, feeds and webhooks may go. */
  network: NetworkPolicy;
  /**
   * Signs outgoing webhooks when set: `X-Spoke-Signature: sha256=<hex HMAC-SHA256 of
   * "<timestamp>.<body>">` with `X-Spoke-Timestamp: <unix seconds>`. The agent's signing
   * secret, never the one that opens its inbound hook.
   */
  webhookSecret?: string;
  /** The current time, for the clock (defaults to the system clock). */
  now?: () => Date;
};

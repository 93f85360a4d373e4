/** Agent compiler, runtime and integrations catalog. Filled in by the agent studio work. */
export const AGENTS_PACKAGE = '@spoke/agents';

/** A bad environment: start-up stops with the message, which lists what is wrong. */
export class ConfigError extends Error {}

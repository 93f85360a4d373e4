import type { AgentSpec, CompiledBy } from '@spoke/shared';

/** What a description compiles from. */
export type CompileInput = {
  prompt: string;
  /** The author's time zone (e.g. from the browser), for schedules written without one. */
  timezone?: string | null;
  /** The current time, for the first-run note of schedules; defaults to now. */
  now?: Date;
};

/** The stages of compiling, in order; the studio shows them as progress. */
export type CompilePhase = 'understanding' | 'integrations' | 'planning';

export type CompileResult = {
  spec: AgentSpec;
  compiledBy: CompiledBy;
  /** Why a configured model's answer was not used, or null. */
  fallbackReason: string | null;
};

import type { LanguageModel } from 'ai';
import { compileOfflineIsolated } from './isolated.ts';
import { compileWithModel, InvalidModelSpecError } from './model.ts';
import type { CompileInput, CompilePhase, CompileResult } from './types.ts';

export { compileEmbedded, type CompileOptions } from './embedded.ts';
export { questionFor, VAGUE_QUESTION, UNREADABLE_QUESTION } from './vague.ts';
export { compileOffline } from './offline.ts';
export {
  compileOfflineIsolated,
  CompileTimeoutError,
  CompileBusyError,
  COMPILE_TIME_LIMIT_MS,
  warmCompiler,
  closeCompiler,
} from './isolated.ts';
export { compileWithModel, InvalidModelSpecError } from './model.ts';
export { ModelSpecSchema } from './model-schema.ts';
export { validateSpec, CRON_MESSAGE, type SpecIssue } from './validate.ts';
export { describeSchedule } from '@spoke/shared/schedule';
export type { CompileInput, CompilePhase, CompileResult } from './types.ts';

/** How long a model may take before the embedded compiler answers instead. */
export const MODEL_TIMEOUT_MS = 15_000;

const PHASES: readonly CompilePhase[] = ['understanding', 'integrations', 'planning'];

export type CompileAgentOptions = {
  /** A configured language model; without one (or with null) the embedded compiler is used. */
  model?: LanguageModel | null;
  /** Cancels the work; a cancelled compile rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called as the work advances, each phase once and in order. */
  onPhase?: (phase: CompilePhase) => void;
  /** Overrides MODEL_TIMEOUT_MS. */
  timeoutMs?: number;
};

class ModelTimeoutError extends Error {}

/** A description too vague to build from: the question to put to its author. */
export class VagueDescriptionError extends Error {
  readonly question: string;
  constructor(question: string) {
    super(question);
    this.name = 'VagueDescriptionError';
    this.question = question;
  }
}

/** Calls `onPhase` for each phase at most once, never going back. */
function phaseTracker(onPhase: ((phase: CompilePhase) => void) | undefined) {
  let reached = -1;
  return (phase: CompilePhase) => {
    const index = PHASES.indexOf(phase);
    for (let i = reached + 1; i <= index; i++) onPhase?.(PHASES[i]!);
    reached = Math.max(reached, index);
  };
}

function reasonFor(error: unknown, timeoutMs: number): string {
  if (error instanceof ModelTimeoutError) {
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    return `The model did not answer within ${limit}`;
  }
  if (error instanceof InvalidModelSpecError)
    return `The model's answer was not a valid spec: ${error.message.replace(/^the model's spec is invalid: /, '')}`;
  const message = error instanceof Error ? error.message : String(error);
  return `The model call failed: ${message}`.slice(0, 300);
}

async function askModel(
  input: CompileInput,
  model: LanguageModel,
  signal: AbortSignal | undefined,
  timeoutMs: number,
) {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // Races the call, so that a provider that ignores the abort signal cannot hold the request.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ModelTimeoutError('timed out');
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    });
  });
  try {
    return await Promise.race([
      compileWithModel(input, model, { signal: controller.signal }),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Compiles a description into a spec: with a model when one is configured, falling back to the
 * embedded compiler when the model fails, times out or answers with an invalid spec (and saying
 * why); with the embedded compiler otherwise.
 */
export async function compileAgent(
  input: CompileInput,
  options: CompileAgentOptions = {},
): Promise<CompileResult> {
  const phase = phaseTracker(options.onPhase);
  const timeoutMs = options.timeoutMs ?? MODEL_TIMEOUT_MS;
  options.signal?.throwIfAborted();
  // Asked before any model call: a description with nothing to build from costs nothing. The
  // embedded compiler runs in a worker that is ended if it overruns, never on the caller's thread.
  const offline = await compileOfflineIsolated(input);
  options.signal?.throwIfAborted();
  if ('question' in offline) throw new VagueDescriptionError(offline.question);
  let fallbackReason: string | null = null;
  if (options.model) {
    phase('understanding');
    try {
      const spec = await askModel(input, options.model, options.signal, timeoutMs);
      phase('integrations');
      phase('planning');
      return { spec, compiledBy: 'model', fallbackReason: null };
    } catch (error) {
      options.signal?.throwIfAborted();
      fallbackReason = reasonFor(error, timeoutMs);
    }
  }
  phase('planning');
  return { spec: offline, compiledBy: 'embedded', fallbackReason };
}

import { ErrorCode, type CreatePhase } from '@spoke/shared';
import {
  compileAgent,
  validateSpec,
  VagueDescriptionError,
  CompileTimeoutError,
  CompileBusyError,
  type LanguageModel,
} from '@spoke/agents';
import { AppError } from '../../errors.ts';

/** A 422 naming each problem of a spec under `spec.<path>`. */
export function invalidSpec(problems: { path: string; message: string }[]): AppError {
  return new AppError(422, ErrorCode.VALIDATION_FAILED, {
    fields: Object.fromEntries(problems.map((p) => [`spec.${p.path}`, p.message])),
  });
}

/** Compiles a description as creating an agent does: the same refusals, a validated spec. */
export async function compileSpec(
  input: { prompt: string; timezone?: string },
  model: LanguageModel | null,
  onPhase?: (phase: CreatePhase) => void,
) {
  const compiled = await compileAgent(
    { prompt: input.prompt, timezone: input.timezone },
    { model, onPhase },
  ).catch((error: unknown) => {
    if (error instanceof VagueDescriptionError)
      throw new AppError(422, ErrorCode.DESCRIPTION_TOO_VAGUE, {
        message: 'The description is too vague to build an agent from.',
        fields: { prompt: error.question },
      });
    if (error instanceof CompileTimeoutError)
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
        fields: {
          prompt:
            'This description took too long to read. Shorten it or write it as a few plain sentences.',
        },
      });
    if (error instanceof CompileBusyError)
      throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, {
        message: 'Too many agents are being built right now. Try again in a moment.',
        retryAfterSec: 5,
      });
    throw error;
  });
  const problems = validateSpec(compiled.spec);
  if (problems.length) throw invalidSpec(problems);
  return compiled;
}

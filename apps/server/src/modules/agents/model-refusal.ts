import { planSteps, stepsNeedingModel, type AgentSpec } from '@spoke/shared';
import {
  MODEL_NOT_CONFIGURED_MESSAGE,
  modelNeededMessage,
  type LanguageModel,
} from '@spoke/agents';

/**
 * Why the agent cannot run with no model configured, or null when it can: a plan of tool steps
 * runs without one; a plan with model or agent steps, or an agent saved before plans, cannot.
 */
export function modelRefusal(model: LanguageModel | null, spec: AgentSpec): string | null {
  if (model) return null;
  if (!spec.plan) return MODEL_NOT_CONFIGURED_MESSAGE;
  const needing = stepsNeedingModel(spec.plan);
  return needing.length
    ? modelNeededMessage(needing, [...planSteps(spec.plan.steps)].length)
    : null;
}

import { createContext, useContext } from 'react';
import type { PlanErrors, Tools } from './plan-draft.ts';
import type { ToolGroup } from '../tool-picker.tsx';

export type { ToolGroup };

/** What every field of the plan editor reads: catalog, errors, ids, focus. */
export interface PlanEditorState {
  tools: Tools;
  groups: readonly ToolGroup[];
  errors: PlanErrors;
  /** Forgets the errors about a field whose value changed. */
  clearError: (key: string) => void;
  /** Forgets every error: steps were added, removed or moved, so paths changed. */
  resetErrors: () => void;
  fieldId: (key: string) => string;
  focusLater: (id: string) => void;
  /** Points the references to step `from` at step `to`, after its id was changed. */
  renameStep: (from: string, to: string) => void;
  /** An id for a new step, unused in the plan. */
  newStepId: () => string;
  /** Steps in the plan, nested ones included. */
  total: number;
}

export const PlanEditorContext = createContext<PlanEditorState | null>(null);

export function usePlanEditor(): PlanEditorState {
  const state = useContext(PlanEditorContext);
  if (!state) throw new Error('Plan editor fields are used inside the plan editor');
  return state;
}

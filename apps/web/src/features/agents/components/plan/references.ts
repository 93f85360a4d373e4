/**
 * What a step can refer to: the run's input, the owner's address, the output of each step done
 * before it at its level or around it (not those inside an earlier decision or loop), and inside
 * a loop the element it is on.
 */
export interface Scope {
  /** Ids of the steps done before, in order. */
  visible: readonly string[];
  inLoop: boolean;
}

export const TOP_SCOPE: Scope = { visible: [], inLoop: false };

export interface ReferenceOption {
  /** The reference without braces: `steps.fetch`. */
  ref: string;
  label: string;
}

export function referenceOptions(scope: Scope): ReferenceOption[] {
  return [
    { ref: 'input', label: 'what started the run' },
    { ref: 'owner.email', label: 'your e-mail address' },
    ...(scope.inLoop ? [{ ref: 'item', label: 'the element the loop is on' }] : []),
    ...scope.visible
      .filter((id) => id !== '')
      .map((id) => ({ ref: `steps.${id}`, label: `output of step ${id}` })),
  ];
}

/** Puts `token` where the selection was (at the end if none), and says where the caret goes. */
export function insertText(
  text: string,
  token: string,
  selection: { start: number; end: number } | null,
): { text: string; caret: number } {
  const start = selection ? Math.min(selection.start, text.length) : text.length;
  const end = selection ? Math.min(Math.max(selection.end, start), text.length) : text.length;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

import { failure } from '../errors.ts';
import { canPrompt, confirm } from '../util/prompt.ts';

/** `--yes`, else a yes on the terminal; without one, approval is required. */
export async function approve(yes: boolean, question: string, what: string): Promise<void> {
  if (yes) return;
  if (!canPrompt()) {
    throw failure(
      'APPROVAL_REQUIRED',
      `${what} needs your approval, and there is no terminal to ask`,
      'add --yes to approve without asking',
    );
  }
  if (!(await confirm(question))) throw failure('DECLINED', `declined; ${what} was not done`);
}

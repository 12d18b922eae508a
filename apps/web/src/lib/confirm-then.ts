import type { ReactNode } from 'react';
import { showMessage, toast } from './messages';

type Question = { title: string; content: ReactNode };

/**
 * Asks before a change (OK or Cancel), makes it once confirmed and says it is done. Resolves true once done,
 * false when cancelled; a failed change rejects (the api client has shown its error) and says nothing more.
 */
export async function confirmThen(question: Question, run: () => Promise<unknown>, done: string): Promise<boolean> {
  const confirmed = await showMessage({ ...question, cancel: true });
  if (!confirmed) return false;
  await run();
  toast.success(done);
  return true;
}

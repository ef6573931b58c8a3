import { useState } from 'react';

/**
 * Counts the answers to a page's posts that saved a form (`saved`: whether the latest answer
 * did; each answer is a new object, even when it says the same). A form keyed by the count is
 * emptied by its own save only: another form's post on the page leaves what is typed in it.
 */
export function useSaveCount(answer: unknown, saved: boolean): number {
  const [seen, setSeen] = useState(answer);
  const [count, setCount] = useState(0);
  if (seen !== answer) {
    setSeen(answer);
    if (saved) setCount(count + 1);
  }
  return count;
}

/** Counts every answer: what is keyed by the count is rendered afresh after each one. */
export function useAnswerCount(answer: unknown): number {
  return useSaveCount(answer, true);
}

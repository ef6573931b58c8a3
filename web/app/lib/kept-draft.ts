import { useEffect, useState, type RefObject } from 'react';

/**
 * What a staff member typed into a console form, kept in this tab's sessionStorage until it is
 * saved: a session that ended sends the next save to the sign-in, and after signing in the page
 * puts the values back, ready to be saved again. A tab's sessionStorage ends with the tab, and
 * signing out clears every draft.
 */
const PREFIX = 'console-draft:';

type Draft = Record<string, string>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key of the drafts kept for one page (its path). */
function draftKey(page: string): string {
  return `${PREFIX}${page}`;
}

function read(page: string): Draft | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(draftKey(page)) ?? 'null');
    return value && typeof value === 'object' ? (value as Draft) : null;
  } catch {
    return null;
  }
}

/** Whether a draft waits for this page (the sign-in says so). */
export function hasKeptDraft(page: string): boolean {
  return read(page) !== null;
}

/** Signing out: whatever was kept goes too. */
export function forgetKeptDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}

type DraftControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Unsaved: text that is not blank, a choice other than the one the page showed. */
function isUnsaved(control: DraftControl): boolean {
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value.trim() !== '';
}

function controlsOf(form: HTMLFormElement, names: readonly string[]): DraftControl[] {
  return names.flatMap((name) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement ? [control] : [];
  });
}

/** Stores the form's unsaved values for the page, or forgets them when nothing is unsaved. */
function keep(form: HTMLFormElement, page: string, names: readonly string[]): void {
  const controls = controlsOf(form, names);
  if (!controls.some(isUnsaved)) {
    storage()?.removeItem(draftKey(page));
    return;
  }
  const draft = Object.fromEntries(controls.map((control) => [control.name, control.value]));
  storage()?.setItem(draftKey(page), JSON.stringify(draft));
}

/**
 * Keeps the named fields of the form for this page as they are typed, and puts a kept draft back
 * when the page opens. `answer` changes with every answer to the form's posts: true once a draft
 * was put back, until the next answer.
 */
export function useKeptDraft(form: RefObject<HTMLFormElement | null>, page: string, names: readonly string[], answer: unknown): boolean {
  const [restored, setRestored] = useState(false);
  const fields = names.join(' ');

  useEffect(() => {
    const element = form.current;
    const draft = read(page);
    if (!element || !draft) return;
    let putBack = false;
    for (const control of controlsOf(element, fields.split(' '))) {
      const value = draft[control.name];
      if (typeof value !== 'string' || value === control.value) continue;
      if (control instanceof HTMLSelectElement && ![...control.options].some((option) => option.value === value)) continue;
      control.value = value;
      putBack = true;
    }
    setRestored(putBack);
  }, [form, page, fields]);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onEdit = () => keep(element, page, fields.split(' '));
    element.addEventListener('input', onEdit);
    element.addEventListener('change', onEdit);
    return () => {
      element.removeEventListener('input', onEdit);
      element.removeEventListener('change', onEdit);
    };
  }, [form, page, fields]);

  // After every render: a save answered and re-rendered the fields (a saved memo's field empties),
  // so what is kept follows what is still unsaved.
  useEffect(() => {
    if (form.current) keep(form.current, page, fields.split(' '));
  });

  useEffect(() => {
    if (answer !== undefined) setRestored(false);
  }, [answer]);

  return restored;
}

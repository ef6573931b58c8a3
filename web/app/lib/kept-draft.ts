import { useEffect, useState, type RefObject } from 'react';

/**
 * What a staff member typed into a console form, kept in this tab's sessionStorage until it is
 * saved: a session that ended sends the next save to the sign-in, and after signing in the page
 * puts the values back, ready to be saved again. A tab's sessionStorage ends with the tab, and
 * signing out clears every draft. A password is never kept.
 */
const PREFIX = 'console-draft:';

type Draft = Record<string, string>;

/**
 * Which draft: the page (its path) and, where the page has several forms that keep drafts, which
 * of them.
 */
export type DraftPlace = { page: string; form?: string };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function draftKey({ page, form }: DraftPlace): string {
  return `${PREFIX}${page}${form ? `#${form}` : ''}`;
}

function read(place: DraftPlace): Draft | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(draftKey(place)) ?? 'null');
    return value && typeof value === 'object' ? (value as Draft) : null;
  } catch {
    return null;
  }
}

/** Whether a draft of any of the page's forms waits (the sign-in says so). */
export function hasKeptDraft(page: string): boolean {
  const store = storage();
  if (!store) return false;
  const key = draftKey({ page });
  return Object.keys(store).some((stored) => stored === key || stored.startsWith(`${key}#`));
}

/** Signing out: whatever was kept goes too. */
export function forgetKeptDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}

/** One named field of the form, as its value reads and is put back (a radio group's is the checked one's). */
type DraftField = { name: string; read: () => string; write: (value: string) => boolean };

function fieldOf(form: HTMLFormElement, name: string): DraftField | null {
  const item = form.elements.namedItem(name);
  if (item instanceof RadioNodeList) {
    const radios = [...item].filter((node): node is HTMLInputElement => node instanceof HTMLInputElement && node.type === 'radio');
    return {
      name,
      read: () => radios.find((radio) => radio.checked)?.value ?? '',
      write: (value) => {
        const radio = radios.find((candidate) => candidate.value === value);
        if (radio) radio.checked = true;
        return radio !== undefined;
      },
    };
  }
  // Whatever the form names, a password never goes into storage.
  if (item instanceof HTMLInputElement && item.type === 'password') return null;
  if (item instanceof HTMLInputElement && item.type === 'checkbox') {
    return {
      name,
      read: () => (item.checked ? item.value : ''),
      write: (value) => {
        item.checked = value === item.value;
        return true;
      },
    };
  }
  if (item instanceof HTMLInputElement || item instanceof HTMLSelectElement || item instanceof HTMLTextAreaElement) {
    return {
      name,
      read: () => item.value,
      write: (value) => {
        if (item instanceof HTMLSelectElement && ![...item.options].some((option) => option.value === value)) return false;
        item.value = value;
        return true;
      },
    };
  }
  return null;
}

function fieldsOf(form: HTMLFormElement, names: readonly string[]): DraftField[] {
  return names.flatMap((name) => fieldOf(form, name) ?? []);
}

/**
 * Stores the form's values for its place while any differs from what is saved (`saved`: each
 * field's stored value, or what the form starts with), or forgets them when none does.
 */
function keep(form: HTMLFormElement, place: DraftPlace, saved: Readonly<Record<string, string>>): void {
  const fields = fieldsOf(form, Object.keys(saved));
  if (!fields.some((field) => field.read().trim() !== (saved[field.name] ?? '').trim())) {
    storage()?.removeItem(draftKey(place));
    return;
  }
  storage()?.setItem(draftKey(place), JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, field.read()]))));
}

type KeptDraftOptions = {
  place: DraftPlace;
  /** The fields kept, each with its saved value (or the value the empty form starts with). */
  saved: Readonly<Record<string, string>>;
  /** The answer to the form's last post (changes with each one). */
  answer: unknown;
};

/**
 * Keeps the named fields of the form as they are typed, and puts a kept draft back when the
 * component mounts on a page that is not the answer to a post. A page that answers a post (sent
 * by the browser itself, before the script took over) shows what the server kept: the values of a
 * refused post, or an empty form after a save, which a draft typed before it must not overwrite.
 * The form may be rendered afresh (keyed) meanwhile: edits are heard on the document, and what is
 * kept is checked after every render (a saved form's fields show the saved values, or empty, so its
 * draft goes). True once a draft was put back, until the next answer.
 */
export function useKeptDraft(form: RefObject<HTMLFormElement | null>, { place, saved, answer }: KeptDraftOptions): boolean {
  const [restored, setRestored] = useState(false);
  const [answeredAtMount] = useState(answer !== undefined);
  const { page, form: formName } = place;
  const names = Object.keys(saved).join(' ');
  const savedJson = JSON.stringify(saved);

  useEffect(() => {
    const element = form.current;
    const draft = read({ page, form: formName });
    if (!element || !draft || answeredAtMount) return;
    let putBack = false;
    for (const field of fieldsOf(element, names.split(' '))) {
      const value = draft[field.name];
      if (typeof value !== 'string' || value === field.read()) continue;
      if (field.write(value)) putBack = true;
    }
    setRestored(putBack);
  }, [form, page, formName, names, answeredAtMount]);

  useEffect(() => {
    const onEdit = (event: Event) => {
      const element = form.current;
      if (element && event.target instanceof Node && element.contains(event.target)) keep(element, { page, form: formName }, JSON.parse(savedJson) as Draft);
    };
    document.addEventListener('input', onEdit);
    document.addEventListener('change', onEdit);
    return () => {
      document.removeEventListener('input', onEdit);
      document.removeEventListener('change', onEdit);
    };
  }, [form, page, formName, savedJson]);

  useEffect(() => {
    if (form.current) keep(form.current, { page, form: formName }, JSON.parse(savedJson) as Draft);
  });

  useEffect(() => {
    if (answer !== undefined) setRestored(false);
  }, [answer]);

  return restored && answer === undefined;
}

import type { ReactNode, Ref } from 'react';
import { leadMessages } from '../../../shared/messages';

/**
 * The class family of a field and its parts (`<look>__label`, `__input`, `__hint`, `__error`):
 * `lead-field` in the lead forms, `field` in the press admin forms.
 */
export type FieldLook = 'lead-field' | 'field';

/** What a control needs to be read with its hint and error: its id and the aria-* wiring. */
export type ControlProps = {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/** The control's props: marked invalid while it has an error, described by its hint and error. */
export function controlProps(id: string, { error, hasHint = false, className }: { error?: string; hasHint?: boolean; className: string }): ControlProps {
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, className, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** The error message below a control, the target of its `aria-describedby`. */
export function FieldError({ id, error, look = 'lead-field' }: { id: string; error?: string; look?: FieldLook }) {
  return error ? (
    <p id={`${id}-error`} className={`${look}__error`}>
      {error}
    </p>
  ) : null;
}

type FieldProps = {
  id: string;
  label: ReactNode;
  /** Says after the label whether the field must be filled in. */
  mark?: 'required' | 'optional';
  hint?: ReactNode;
  error?: string;
  look?: FieldLook;
  /** Renders the control (input, textarea, select) with the props that wire it to this field. */
  children: (control: ControlProps) => ReactNode;
};

/** A labelled control with its optional hint and error message. */
export function Field({ id, label, mark, hint, error, look = 'lead-field', children }: FieldProps) {
  return (
    <div className={look}>
      <label htmlFor={id} className={`${look}__label`}>
        {label}
        {mark ? (
          <>
            {' '}
            <span className={`${look}__${mark}`}>{mark === 'required' ? leadMessages.required : leadMessages.optional}</span>
          </>
        ) : null}
      </label>
      {children(controlProps(id, { error, hasHint: Boolean(hint), className: `${look}__input` }))}
      {hint ? (
        <span id={`${id}-hint`} className={`${look}__hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={id} error={error} look={look} />
    </div>
  );
}

/**
 * A problem with the whole form, announced when it appears. `ref` makes it focusable, for a form
 * that moves keyboard focus to it (its submit button was disabled and dropped focus).
 */
export function FormAlert({ className, ref, children }: { className: string; ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div ref={ref} className={className} role="alert" tabIndex={ref ? -1 : undefined}>
      {children}
    </div>
  );
}

type SubmitButtonProps = {
  /** While the form is being sent: disabled, and showing `pendingLabel` when there is one. */
  pending: boolean;
  pendingLabel?: string;
  className?: string;
  children: ReactNode;
};

export function SubmitButton({ pending, pendingLabel, className, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className ? `button button--primary ${className}` : 'button button--primary'} disabled={pending}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

import { useState, type FormEvent } from 'react';
import { EXPORT_REASON_MAX, EXPORT_REASON_PARAM, exportReasonMessages } from '../../../shared/export-reason';
import { Field } from '../form/Field';
import { consoleText } from './console-text';
import './ExportForm.css';

const text = consoleText.exportForm;

type ExportFormProps = {
  /** Prefixes the field's id (one form per page). */
  id: string;
  /** The downloads offered: each button sends the form to its route. */
  downloads: Array<{ path: string; label: string }>;
  /** What the page shows (filters, a range): sent along as hidden fields. */
  params: URLSearchParams;
  /** Said under the 사유 field: what is downloaded, and that it is recorded. */
  note: string;
};

/**
 * A download of personal data or statistics asks its 사유 first (it goes into the audit record).
 * A plain GET form to the export route, so the file comes whether or not the page has hydrated;
 * a missing 사유 is said in Korean beside the field instead of the browser's own bubble.
 */
export function ExportForm({ id, downloads, params, note }: ExportFormProps) {
  const [error, setError] = useState<string | undefined>();
  const fieldId = `${id}-reason`;
  const onInvalid = (event: FormEvent<HTMLInputElement>) => {
    event.preventDefault();
    setError(exportReasonMessages.reasonRequired);
    event.currentTarget.focus();
  };
  return (
    <form method="get" action={downloads[0]?.path} className="export-form console-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="export-form__heading">
        {text.heading}
      </h2>
      {[...params].map(([name, value]) => (name === EXPORT_REASON_PARAM ? null : <input key={name} type="hidden" name={name} value={value} />))}
      {/* A download leaves nothing to save later: the 사유 is not kept across the end of a session. */}
      <Field id={fieldId} label={text.reason} mark="required" hint={`${note} ${text.notKept}`} error={error} look="field">
        {(control) => (
          <input
            {...control}
            type="text"
            name={EXPORT_REASON_PARAM}
            required
            // Spaces only are no 사유.
            pattern=".*\S.*"
            maxLength={EXPORT_REASON_MAX}
            autoComplete="off"
            placeholder={text.reasonExample}
            onInvalid={onInvalid}
            onInput={() => setError(undefined)}
          />
        )}
      </Field>
      <div className="export-form__buttons">
        {downloads.map((download) => (
          <button key={download.path} type="submit" className="button button--outline" formAction={download.path}>
            {download.label}
          </button>
        ))}
      </div>
      {/* Said once as it appears, even when focus was in the field already. */}
      {error ? (
        <p className="visually-hidden" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

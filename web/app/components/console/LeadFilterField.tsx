import type { ReactNode } from 'react';
import type { LeadFilters } from '../../../shared/lead-filters';
import { leadListText as text } from './lead-text';

/** A labelled filter control: a text or date input, or a select with "전체" first. */
export function LeadFilterField({
  name,
  label,
  type,
  value,
  options,
}: {
  name: keyof LeadFilters;
  label: string;
  type?: 'text' | 'date';
  value: string | undefined;
  options?: ReactNode;
}) {
  const id = `lead-filter-${name}`;
  return (
    <div className="lead-filters__field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select id={id} name={name} defaultValue={value ?? ''} className="console-input">
          <option value="">{text.all}</option>
          {options}
        </select>
      ) : (
        <input
          id={id}
          type={type}
          name={name}
          defaultValue={value ?? ''}
          className="console-input"
          maxLength={type === 'text' ? 100 : undefined}
          autoComplete="off"
        />
      )}
    </div>
  );
}

import type { VisitSlotOption } from '../../../shared/lead-form';
import { LEAD_FIELDS } from '../../../shared/lead-validation';
import { leadMessages } from '../../../shared/messages';
import { Field } from '../form/Field';

type VisitSlotPickerProps = {
  id: string;
  slots: readonly VisitSlotOption[];
  error?: string;
};

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** "12월 5일 (토) 14:00", the same on the server and in the browser (no time-zone arithmetic). */
export function formatSlot(slot: Pick<VisitSlotOption, 'date' | 'time'>): string {
  const [year, month, day] = slot.date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${month}월 ${day}일 (${weekday}) ${slot.time}`;
}

/** The optional model-house visit slot; full slots stay listed, marked full and not selectable. */
export function VisitSlotPicker({ id, slots, error }: VisitSlotPickerProps) {
  if (slots.length === 0) return null;
  return (
    <Field id={id} label={leadMessages.slotLegend} mark="optional" error={error}>
      {(control) => (
        <select {...control} name={LEAD_FIELDS.visitSlot} defaultValue="">
          <option value="">{leadMessages.slotNone}</option>
          {slots.map((slot) => (
            <option key={slot.id} value={slot.id} disabled={slot.remaining === 0}>
              {formatSlot(slot)} · {slot.remaining === 0 ? leadMessages.slotFull : leadMessages.slotRemaining(slot.remaining)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

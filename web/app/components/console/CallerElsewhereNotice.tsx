import type { CallerElsewhere } from '../../../shared/lead-dto';
import { formatPhone } from '../../../shared/phone-format';
import { leadListText as text } from './lead-text';

/** A number searched that is a colleague's customer: whose it is, and a call to the 담당자. */
export function CallerElsewhereNotice({ elsewhere }: { elsewhere: CallerElsewhere }) {
  return (
    <div className="lead-list-page__elsewhere">
      <p className="lead-list-page__elsewhere-title">{text.elsewhere(elsewhere.assigneeName)}</p>
      <p>{text.elsewhereNote}</p>
      {elsewhere.assigneePhone ? (
        <a className="button button--primary" href={`tel:${elsewhere.assigneePhone}`}>
          {text.callAssignee(elsewhere.assigneeName, formatPhone(elsewhere.assigneePhone))}
        </a>
      ) : (
        <p>{text.noAssigneePhone(elsewhere.assigneeName)}</p>
      )}
    </div>
  );
}

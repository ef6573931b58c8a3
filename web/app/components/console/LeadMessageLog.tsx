import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_REASON_LABELS,
  MESSAGE_STATUS_LABELS,
  type LeadMessageEntry,
} from '../../../shared/outbound-messages';
import { seoulDateTime } from '../../../shared/seoul-time';
import './LeadMessageLog.css';

const text = {
  heading: '알림톡·문자 발송 기록',
  empty: '이 고객에게 보낸 알림톡·문자가 없습니다.',
  attempts: (count: number) => `${count}회 시도`,
  code: (code: string) => `공급자 코드 ${code}`,
};

/** What became of each message to this lead: sent, failed or not sent, and why (newest first). */
export function LeadMessageLog({ messages }: { messages: LeadMessageEntry[] }) {
  return (
    <section className="lead-work__section lead-memos" aria-labelledby="lead-messages-heading">
      <h2 id="lead-messages-heading" className="lead-work__heading">
        {text.heading}
      </h2>
      {messages.length === 0 ? (
        <p className="lead-memos__empty">{text.empty}</p>
      ) : (
        <ol className="lead-memos__list" reversed>
          {[...messages].reverse().map((message) => (
            <li key={`${message.event}-${message.updatedAt}`} className="lead-memos__item">
              <p className="lead-memos__meta">
                <strong>{MESSAGE_EVENT_LABELS[message.event]}</strong> <time dateTime={message.updatedAt}>{seoulDateTime(message.updatedAt)}</time>
              </p>
              <p className="lead-memos__text">
                <span className={`lead-message__status lead-message__status--${message.status}`}>{MESSAGE_STATUS_LABELS[message.status]}</span>
                {message.reason ? ` · ${MESSAGE_REASON_LABELS[message.reason]}` : null}
                {message.providerCode ? ` (${text.code(message.providerCode)})` : null}
                {message.attempts > 1 ? ` · ${text.attempts(message.attempts)}` : null}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { MESSAGE_EVENT_LABELS, MESSAGE_REASON_LABELS, MESSAGE_STATUS_LABELS, type LeadMessageEntry } from '../../../shared/outbound-messages';
import { LeadHistory } from './LeadHistory';
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
    <LeadHistory
      id="lead-messages"
      heading={text.heading}
      empty={text.empty}
      entries={messages.map((message) => ({
        key: `${message.event}-${message.updatedAt}`,
        who: MESSAGE_EVENT_LABELS[message.event],
        at: message.updatedAt,
        body: (
          <>
            <span className={`lead-message__status lead-message__status--${message.status}`}>{MESSAGE_STATUS_LABELS[message.status]}</span>
            {message.reason ? ` · ${MESSAGE_REASON_LABELS[message.reason]}` : null}
            {message.providerCode ? ` (${text.code(message.providerCode)})` : null}
            {message.attempts > 1 ? ` · ${text.attempts(message.attempts)}` : null}
          </>
        ),
      }))}
    />
  );
}

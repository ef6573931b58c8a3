/** The group message page's Korean (단체 문자), in one place. */
import { GROUP_EXCLUSION_LABELS, MESSAGE_CHANNEL_LABELS, type GroupExclusion, type MessageChannel } from '../../../shared/group-messages';

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

export const groupMessageText = {
  title: '단체 문자 보내기',
  forbidden: '단체 문자는 팀장과 관리자만 보낼 수 있습니다.',
  fromLeads: '고객 목록으로',
  fromVisits: '방문 일정으로',
  noAudience: '보낼 고객을 고르지 않았습니다. 고객 목록에서 고객을 선택하거나, 방문 일정에서 오늘 방문 예약자에게 보내기를 눌러 주세요.',
  noTemplates: '보낼 수 있는 단체 문자 템플릿이 없습니다. 스튜디오의 "단체 문자 템플릿"에서 먼저 만들어 주세요.',
  audienceHeading: '받는 사람',
  templateHeading: '템플릿',
  templateLabel: '보낼 템플릿',
  showTemplate: '이 템플릿으로 보기',
  previewHeading: '미리 보기',
  previewFor: (name: string) => `${name}님이 받는 문구`,
  countHeading: '보낼 고객 수',
  recipients: (count: number) => `${count.toLocaleString('ko-KR')}명에게 보냅니다.`,
  excludedHeading: '보내지 않는 고객',
  excludedNone: '제외되는 고객이 없습니다.',
  excluded: (reason: GroupExclusion, count: number) => `${GROUP_EXCLUSION_LABELS[reason]}: ${count.toLocaleString('ko-KR')}명`,
  costHeading: '예상 비용',
  cost: (channel: MessageChannel, unitPrice: number, count: number, total: number) =>
    `${MESSAGE_CHANNEL_LABELS[channel]} ${won(unitPrice)} × ${count.toLocaleString('ko-KR')}건 = 약 ${won(total)}`,
  fallbackCost: (total: number) => `알림톡을 받지 못하는 고객에게는 문자로 가서, 모두 문자로 가면 최대 약 ${won(total)}입니다.`,
  dailyCap: (left: number, cap: number) =>
    `오늘 보낼 수 있는 남은 메시지: ${left.toLocaleString('ko-KR')}건 (하루 ${cap.toLocaleString('ko-KR')}건). 넘는 메시지는 보내지 않습니다.`,
  adRules: '광고 문자는 마케팅 수신에 동의한 고객에게만 문자로 보내며, 밤 9시부터 아침 8시까지는 보낼 수 없습니다.',
  adNight: '지금은 광고 문자를 보낼 수 없는 시간입니다 (밤 9시부터 아침 8시까지). 아침 8시 이후에 다시 보내 주세요.',
  confirm: (count: number) => `${count.toLocaleString('ko-KR')}명에게 보내기`,
  confirmNote: '한 번 누르면 바로 보냅니다. 결과는 고객마다 알림톡·문자 발송 기록에 남습니다.',
  sent: (count: number, excluded: number) =>
    `${count.toLocaleString('ko-KR')}명에게 보내기 시작했습니다.${excluded ? ` 조건에 맞지 않는 ${excluded.toLocaleString('ko-KR')}명은 뺐습니다.` : ''} 결과는 고객마다 알림톡·문자 발송 기록에서 볼 수 있습니다.`,
  repeated: (count: number) => `이미 보낸 요청입니다. 다시 보내지 않았습니다 (${count.toLocaleString('ko-KR')}명).`,
  noTemplate: '고른 템플릿이 없습니다. 템플릿을 다시 골라 주세요.',
  badTemplate: (problems: string[]) => `이 템플릿은 보낼 수 없습니다. ${problems.join(' ')}`,
  tooMany: (max: number) => `한 번에 ${max.toLocaleString('ko-KR')}명까지 보낼 수 있습니다. 조건을 좁혀 주세요.`,
  noRecipients: '조건에 맞는 고객이 없습니다.',
  audience: {
    selection: (count: number) => `고객 목록에서 선택한 고객 ${count.toLocaleString('ko-KR')}명`,
    filter: '고객 목록의 현재 조건에 맞는 고객 모두',
    todayVisitors: '오늘 방문 예약자 모두',
  },
};

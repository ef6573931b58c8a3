import { ClipboardIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';
import { MESSAGE_EVENT_LABELS, MESSAGE_EVENTS, MESSAGE_VARIABLES, unknownTemplateVariables } from '../../web/shared/outbound-messages';
import { DEFAULT_DESK_SOURCES } from '../../web/shared/desk-registration';

const noticeField = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: 'text',
    rows: 3,
    group: 'consent',
    validation: (rule) => rule.required().error(`${title} 문구를 입력해 주세요.`),
  });

type MessageTemplateValue = { enabled?: boolean; templateCode?: string; text?: string };

const VARIABLE_LIST = MESSAGE_VARIABLES.map((name) => `#{${name}}`).join(' ');

/** One event's 알림톡: on/off, the template code Kakao approved, and the same text with its variables. */
const messageTemplateField = (name: (typeof MESSAGE_EVENTS)[number]) =>
  defineField({
    name,
    title: MESSAGE_EVENT_LABELS[name],
    type: 'object',
    options: { collapsible: true, collapsed: true },
    fields: [
      defineField({ name: 'enabled', title: '보내기', type: 'boolean', initialValue: false }),
      defineField({
        name: 'templateCode',
        title: '알림톡 템플릿 코드',
        description: 'SOLAPI에서 카카오 검수를 통과한 템플릿의 ID(templateId)입니다.',
        type: 'string',
        validation: (rule) =>
          rule.custom((code: string | undefined, context) =>
            (context.parent as MessageTemplateValue | undefined)?.enabled && !code?.trim() ? '보내려면 알림톡 템플릿 코드를 입력해 주세요.' : true,
          ),
      }),
      defineField({
        name: 'text',
        title: '문구',
        description: `카카오에 등록한 템플릿과 똑같이 적어 주세요. 쓸 수 있는 변수: ${VARIABLE_LIST}. 알림톡이 안 되면 이 문구가 문자로 갑니다.`,
        type: 'text',
        rows: 5,
        validation: (rule) =>
          rule.custom((text: string | undefined, context) => {
            if ((context.parent as MessageTemplateValue | undefined)?.enabled && !text?.trim()) return '보내려면 문구를 입력해 주세요.';
            const unknown = unknownTemplateVariables(text ?? '');
            return unknown.length === 0
              ? true
              : `쓸 수 없는 변수입니다: ${unknown.map((variable) => `#{${variable}}`).join(', ')}. 쓸 수 있는 변수: ${VARIABLE_LIST}`;
          }),
      }),
    ],
  });

/**
 * The consent notice every lead form shows (개인정보 보호법 §15: purpose, items, retention, the
 * right to refuse and what refusing means), its version (stored with each lead), and how long
 * leads are kept. Change the version whenever the wording changes.
 */
export const leadSettings = defineType({
  name: 'leadSettings',
  title: '관심고객 등록 설정',
  type: 'document',
  icon: ClipboardIcon,
  groups: [
    { name: 'consent', title: '동의 문구', default: true },
    { name: 'visits', title: '방문예약' },
    { name: 'retention', title: '보관' },
    { name: 'calls', title: '통화 결과' },
    { name: 'messages', title: '알림톡·문자' },
    { name: 'assignment', title: '담당자 배정' },
  ],
  fields: [
    defineField({
      name: 'consentVersion',
      title: '동의 문구 버전',
      description: '문구를 바꿀 때마다 새 버전(예: 2026-01)으로 바꿔 주세요. 각 관심고객에 함께 저장됩니다.',
      type: 'string',
      group: 'consent',
      validation: (rule) => rule.required().error('동의 문구 버전을 입력해 주세요.'),
    }),
    noticeField('privacyPurpose', '수집·이용 목적', '예: 분양 상담 및 모델하우스 방문 예약 안내'),
    noticeField('privacyItems', '수집 항목', '예: 이름, 휴대전화 번호, 문의내용'),
    noticeField('privacyRetention', '보유·이용 기간', '아래 "보관 기간(일)"과 같은 기간을 적어 주세요.'),
    noticeField('privacyRefusal', '동의 거부 권리 및 불이익', '거부할 권리와, 거부하면 상담을 받을 수 없다는 점'),
    noticeField('marketingNotice', '마케팅 정보 수신 동의 안내', '선택 동의의 목적·항목·기간'),
    defineField({
      name: 'popupText',
      title: '등록 창 안내 문구',
      type: 'text',
      rows: 2,
      group: 'consent',
    }),
    defineField({
      name: 'deskSources',
      title: '현장 등록 유입 경로 목록',
      description: `안내데스크가 현장 등록(방문·전화)에서 고르는 유입 경로입니다. 고른 경로가 그 등록의 유입 경로와 캠페인이 되어 캠페인 퍼널에 잡힙니다. 비워 두면 ${DEFAULT_DESK_SOURCES.join(', ')}입니다.`,
      type: 'array',
      of: [{ type: 'string' }],
      group: 'visits',
      validation: (rule) => rule.unique().error('같은 유입 경로가 두 번 있습니다.'),
    }),
    defineField({
      name: 'retentionDays',
      title: '보관 기간(일)',
      description: '등록 후 이 기간이 지난 관심고객 정보는 매일 자동으로 삭제됩니다.',
      type: 'number',
      group: 'retention',
      validation: (rule) => [
        rule.required().error('보관 기간을 입력해 주세요.'),
        rule.integer().error('보관 기간은 일 단위 정수로 입력해 주세요.'),
        rule.min(1).error('보관 기간은 1일 이상이어야 합니다.'),
      ],
    }),
    defineField({
      name: 'callResults',
      title: '통화 결과 목록',
      description: '상담사가 관심고객 화면에서 고르는 통화 결과입니다. 비워 두면 통화 완료, 부재, 재통화 요청, 관심 없음, 번호 오류입니다.',
      type: 'array',
      of: [{ type: 'string' }],
      group: 'calls',
      validation: (rule) => rule.unique().error('같은 통화 결과가 두 번 있습니다.'),
    }),
    defineField({
      name: 'messageTemplates',
      title: '알림톡·문자 템플릿',
      description: '고객과 담당 상담사에게 가는 알림톡(안 되면 문자)입니다. 서버에서 발송을 켜야(MESSAGES_PROVIDER) 실제로 나갑니다.',
      type: 'object',
      group: 'messages',
      fields: MESSAGE_EVENTS.map(messageTemplateField),
    }),
    defineField({
      name: 'salesSeeAllLeads',
      title: '상담사가 모든 관심고객 보기',
      description: '끄면 상담사는 자기 고객과 미배정 고객만 봅니다. 켜면 동료의 고객도 목록과 상세 화면에서 봅니다.',
      type: 'boolean',
      group: 'assignment',
      initialValue: false,
    }),
    defineField({
      name: 'salesTakeColleagueLeads',
      title: '상담사가 동료의 고객 가져오기',
      description: '끄면 동료에게 배정된 고객의 담당자는 팀장과 관리자만 바꿉니다. 켜면 상담사도 동료의 고객을 자기에게 배정할 수 있습니다.',
      type: 'boolean',
      group: 'assignment',
      initialValue: false,
    }),
  ],
  preview: {
    select: { version: 'consentVersion', days: 'retentionDays' },
    prepare: ({ version, days }) => ({
      title: '관심고객 등록 설정',
      subtitle: [version ? `동의 문구 ${version}` : undefined, days ? `보관 ${days}일` : undefined].filter(Boolean).join(' · '),
    }),
  },
});

import { EnvelopeIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';
import { adTextProblems, GROUP_PURPOSE_LABELS, GROUP_PURPOSES, type GroupPurpose } from '../../web/shared/group-messages';
import { MESSAGE_VARIABLES, unknownTemplateVariables } from '../../web/shared/outbound-messages';

const VARIABLE_LIST = MESSAGE_VARIABLES.map((name) => `#{${name}}`).join(' ');

const purposeOf = (context: { document?: unknown }) => (context.document as { purpose?: GroupPurpose } | undefined)?.purpose;

/**
 * A group message (단체 문자) the 팀장 sends from the console to many customers: a 안내 (알림톡,
 * no marketing consent needed: e.g. today's visitors) or a 광고 (문자 only, to customers with
 * marketing consent, under the rules for ad messages — the console refuses it at night).
 */
export const groupMessageTemplate = defineType({
  name: 'groupMessageTemplate',
  title: '단체 문자 템플릿',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    defineField({
      name: 'title',
      title: '이름',
      description: '콘솔에서 고르는 이름입니다. 예: 오늘 방문 안내, 분양 설명회 초대',
      type: 'string',
      validation: (rule) => rule.required().error('템플릿 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'purpose',
      title: '종류',
      description:
        '안내: 고객이 요청한 정보(방문 예약 등)로 알림톡으로 보내며 마케팅 동의가 없어도 됩니다. 광고: 분양 소식·이벤트처럼 영리 목적의 정보로, 마케팅 수신에 동의한 고객에게만 문자로 보내고 밤 9시부터 아침 8시까지는 보낼 수 없습니다.',
      type: 'string',
      options: { list: GROUP_PURPOSES.map((value) => ({ value, title: GROUP_PURPOSE_LABELS[value] })), layout: 'radio' },
      validation: (rule) => rule.required().error('안내인지 광고인지 골라 주세요.'),
    }),
    defineField({
      name: 'templateCode',
      title: '알림톡 템플릿 코드',
      description: '안내만: SOLAPI에서 카카오 검수를 통과한 템플릿의 ID입니다. 광고는 알림톡으로 보낼 수 없어 문자로 갑니다.',
      type: 'string',
      hidden: ({ document }) => (document as { purpose?: string } | undefined)?.purpose === 'ad',
      validation: (rule) =>
        rule.custom((code: string | undefined, context) =>
          purposeOf(context) === 'notice' && !code?.trim() ? '안내 템플릿에는 알림톡 템플릿 코드를 입력해 주세요.' : true,
        ),
    }),
    defineField({
      name: 'text',
      title: '문구',
      description: `쓸 수 있는 변수: ${VARIABLE_LIST}. 안내는 카카오에 등록한 템플릿과 똑같이 적어 주세요. 광고는 "(광고) 보내는 사람"으로 시작하고 "무료수신거부 080-000-0000"처럼 무료 수신거부 방법을 적어야 합니다.`,
      type: 'text',
      rows: 6,
      validation: (rule) =>
        rule.custom((text: string | undefined, context) => {
          if (!text?.trim()) return '문구를 입력해 주세요.';
          const unknown = unknownTemplateVariables(text);
          if (unknown.length) return `쓸 수 없는 변수입니다: ${unknown.map((variable) => `#{${variable}}`).join(', ')}. 쓸 수 있는 변수: ${VARIABLE_LIST}`;
          const problems = purposeOf(context) === 'ad' ? adTextProblems(text) : [];
          return problems.length ? problems.join(' ') : true;
        }),
    }),
  ],
  preview: {
    select: { title: 'title', purpose: 'purpose' },
    prepare: ({ title, purpose }: { title?: string; purpose?: GroupPurpose }) => ({ title, subtitle: purpose ? GROUP_PURPOSE_LABELS[purpose] : undefined }),
  },
});

import { UserIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { LEAD_STATUSES, LEAD_STATUS_LABELS } from '../../web/shared/console';
import { UTM_KEYS, utmParameterName } from '../../web/shared/utm';
import { validateMobilePhone } from '../rules';

/**
 * A visitor's interest registration. Lives only in the private leads dataset; the site's server
 * writes it, so the Studio shows it read-only.
 */
export const lead = defineType({
  name: 'lead',
  title: '관심고객',
  type: 'document',
  icon: UserIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'name',
      title: '이름',
      type: 'string',
      validation: (rule) => rule.required().error('이름이 없습니다.'),
    }),
    defineField({
      name: 'phone',
      title: '연락처',
      type: 'string',
      validation: (rule) => [rule.required().error('연락처가 없습니다.'), rule.custom(validateMobilePhone)],
    }),
    defineField({ name: 'message', title: '문의내용', type: 'text', rows: 5 }),
    defineField({
      name: 'visitSlot',
      title: '방문 희망 일정',
      type: 'reference',
      // Weak: deleting a past slot must not be blocked by the leads that booked it.
      weak: true,
      to: [{ type: 'visitSlot' }],
    }),
    defineField({ name: 'visitAt', title: '방문 희망 일시', description: '예약 당시의 일정', type: 'string' }),
    defineField({
      name: 'visitSlotStatus',
      title: '방문예약 상태',
      description: '"확인 필요"는 일시적인 장애로 늦게 저장되는 사이 일정이 마감된 경우입니다. 연락해 일정을 조정해 주세요. "취소됨"은 무효로 바뀌어 예약 자리를 돌려준 경우입니다.',
      type: 'string',
      options: {
        list: [
          { title: '예약됨', value: 'booked' },
          { title: '확인 필요', value: 'unavailable' },
          { title: '취소됨 (무효로 자리 반환)', value: 'released' },
        ],
      },
    }),
    defineField({
      name: 'consent',
      title: '동의',
      type: 'object',
      validation: (rule) => rule.required().error('동의 기록이 없습니다.'),
      fields: [
        defineField({ name: 'privacy', title: '[필수] 개인정보 수집·이용 동의', type: 'boolean' }),
        defineField({ name: 'marketing', title: '[선택] 마케팅 정보 수신 동의', type: 'boolean' }),
        defineField({ name: 'ageOver14', title: '만 14세 이상 확인', type: 'boolean' }),
        defineField({ name: 'noticeVersion', title: '보여 준 동의 문구 버전', type: 'string' }),
        defineField({ name: 'agreedAt', title: '동의 일시', type: 'datetime' }),
      ],
    }),
    defineField({
      name: 'createdAt',
      title: '등록일시',
      type: 'datetime',
      validation: (rule) => rule.required().error('등록일시가 없습니다.'),
    }),
    defineField({
      name: 'sourcePage',
      title: '등록한 페이지',
      description: '방문자가 양식을 제출한 페이지 경로입니다.',
      type: 'string',
    }),
    defineField({
      name: 'landingPage',
      title: '랜딩 페이지',
      description: '이번 방문에서 처음 연 페이지 경로입니다(광고가 연결한 페이지). 랜딩 페이지별 전환율에 쓰입니다.',
      type: 'string',
    }),
    defineField({
      name: 'formKind',
      title: '양식',
      type: 'string',
      options: {
        list: [
          { title: '관심고객 등록 창', value: 'popup' },
          { title: '홈 방문예약', value: 'home' },
          { title: '방문예약 등록 페이지', value: 'customer' },
          { title: '현장 방문 (안내데스크 등록)', value: 'walkIn' },
          { title: '전화 문의 (안내데스크 등록)', value: 'phoneIn' },
        ],
      },
    }),
    defineField({
      name: 'utm',
      title: '유입 경로 (UTM)',
      type: 'object',
      fields: UTM_KEYS.map((name) => defineField({ name, title: utmParameterName(name), type: 'string' })),
    }),
    // Worked in the sales console (/admin); a lead without a status is new.
    defineField({
      name: 'status',
      title: '상담 상태',
      type: 'string',
      options: { list: LEAD_STATUSES.map((value) => ({ title: LEAD_STATUS_LABELS[value], value })) },
    }),
    defineField({
      name: 'assignee',
      title: '담당자',
      type: 'object',
      fields: [
        defineField({ name: 'email', title: '이메일', type: 'string' }),
        defineField({ name: 'name', title: '이름', type: 'string' }),
      ],
    }),
    defineField({
      name: 'memos',
      title: '상담 메모',
      type: 'array',
      of: [
        {
          type: 'object',
          name: 'leadMemo',
          fields: [
            defineField({ name: 'authorEmail', title: '작성자 이메일', type: 'string' }),
            defineField({ name: 'authorName', title: '작성자', type: 'string' }),
            defineField({ name: 'at', title: '작성 일시', type: 'datetime' }),
            defineField({ name: 'text', title: '내용', type: 'text' }),
          ],
          preview: { select: { title: 'text', subtitle: 'authorName' } },
        },
      ],
    }),
    defineField({ name: 'checkedInAt', title: '방문 확인 일시', type: 'datetime' }),
    defineField({
      name: 'calls',
      title: '통화 결과',
      type: 'array',
      of: [
        {
          type: 'object',
          name: 'leadCall',
          fields: [
            defineField({ name: 'result', title: '결과', type: 'string' }),
            defineField({ name: 'callbackAt', title: '재통화 일시', type: 'datetime' }),
            defineField({ name: 'authorEmail', title: '기록자 이메일', type: 'string' }),
            defineField({ name: 'authorName', title: '기록자', type: 'string' }),
            defineField({ name: 'at', title: '기록 일시', type: 'datetime' }),
          ],
          preview: { select: { title: 'result', subtitle: 'authorName' } },
        },
      ],
    }),
  ],
  orderings: [{ title: '최근 등록순', name: 'createdAtDesc', by: [{ field: 'createdAt', direction: 'desc' }] }],
  preview: {
    select: { name: 'name', phone: 'phone', createdAt: 'createdAt' },
    prepare: ({ name, phone, createdAt }) => ({
      title: [name, phone].filter(Boolean).join(' · ') || '이름 없음',
      subtitle: createdAt
        ? new Date(createdAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })
        : undefined,
    }),
  },
});

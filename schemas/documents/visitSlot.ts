import { CalendarIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A model-house visit slot that visitors may pick in the lead forms. Lives in the private leads
 * dataset next to the leads, so a booking (slot count + lead) is one transaction. `liveEdit`:
 * edits are patches of single fields, so an editor changing the capacity never writes back a
 * stale `booked` count while visitors book.
 */
export const visitSlot = defineType({
  name: 'visitSlot',
  title: '모델하우스 방문 일정',
  type: 'document',
  icon: CalendarIcon,
  liveEdit: true,
  fields: [
    defineField({
      name: 'date',
      title: '날짜',
      type: 'date',
      options: { dateFormat: 'YYYY-MM-DD' },
      validation: (rule) => rule.required().error('날짜를 입력해 주세요.'),
    }),
    defineField({
      name: 'time',
      title: '시각',
      description: '24시간제, 예: 14:00',
      type: 'string',
      validation: (rule) => [
        rule.required().error('시각을 입력해 주세요.'),
        rule.regex(TIME_PATTERN).error('시각은 14:00 처럼 24시간제로 입력해 주세요.'),
      ],
    }),
    defineField({
      name: 'capacity',
      title: '정원',
      description: '이 일정에 예약할 수 있는 인원(팀) 수입니다.',
      type: 'number',
      validation: (rule) => [
        rule.required().error('정원을 입력해 주세요.'),
        rule.integer().error('정원은 정수로 입력해 주세요.'),
        rule.min(1).error('정원은 1 이상이어야 합니다.'),
      ],
    }),
    defineField({
      name: 'booked',
      title: '예약 인원',
      description: '방문자가 예약할 때마다 사이트가 올립니다.',
      type: 'number',
      readOnly: true,
      initialValue: 0,
    }),
  ],
  orderings: [
    {
      title: '일정순',
      name: 'dateAsc',
      by: [
        { field: 'date', direction: 'asc' },
        { field: 'time', direction: 'asc' },
      ],
    },
  ],
  preview: {
    select: { date: 'date', time: 'time', capacity: 'capacity', booked: 'booked' },
    prepare: ({ date, time, capacity, booked }) => ({
      title: [date, time].filter(Boolean).join(' ') || '일시 없음',
      subtitle: `예약 ${booked ?? 0} / 정원 ${capacity ?? 0}`,
    }),
  },
});

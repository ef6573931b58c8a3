import { NumberIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

const MOVE_IN_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

function householdCount(name: string, title: string, requiredMessage: string) {
  return defineField({
    name,
    title,
    type: 'number',
    validation: (rule) => [rule.required().error(requiredMessage), rule.integer().min(0).error('0 이상의 정수로 입력해 주세요.')],
  });
}

export const householdFacts = defineType({
  name: 'householdFacts',
  title: '단지 개요 수치',
  type: 'object',
  icon: NumberIcon,
  fields: [
    householdCount('totalHouseholds', '총 세대수', '총 세대수를 입력해 주세요.'),
    householdCount('generalSaleHouseholds', '일반분양 세대수', '일반분양 세대수를 입력해 주세요.'),
    householdCount('buildings', '동 수', '동 수를 입력해 주세요.'),
    householdCount('floorsBelow', '지하 층수', '지하 층수를 입력해 주세요.'),
    householdCount('floorsAbove', '지상 층수', '지상 층수를 입력해 주세요.'),
    defineField({
      name: 'moveIn',
      title: '입주 예정',
      description: '연-월 형식. 예: 2028-04',
      type: 'string',
      validation: (rule) => [
        rule.required().error('입주 예정 시기를 입력해 주세요.'),
        rule.regex(MOVE_IN_PATTERN).error('입주 예정 시기는 2028-04 형식으로 입력해 주세요.'),
      ],
    }),
  ],
  preview: {
    select: {
      total: 'totalHouseholds',
      generalSale: 'generalSaleHouseholds',
      buildings: 'buildings',
      below: 'floorsBelow',
      above: 'floorsAbove',
      moveIn: 'moveIn',
    },
    prepare: ({ total, generalSale, buildings, below, above, moveIn }) => ({
      title: `총 ${total ?? '?'}세대 (일반분양 ${generalSale ?? '?'}세대)`,
      subtitle: `지하 ${below ?? '?'}층 ~ 지상 ${above ?? '?'}층, ${buildings ?? '?'}개 동 · ${moveIn ?? '?'} 입주 예정`,
    }),
  },
});

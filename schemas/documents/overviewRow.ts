import { ThListIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { orderField } from '../fields';

export const overviewRow = defineType({
  name: 'overviewRow',
  title: '사업개요 항목',
  type: 'document',
  icon: ThListIcon,
  fields: [
    orderField(),
    defineField({
      name: 'label',
      title: '항목',
      description: '예: 사업명, 위치, 규모, 세대수',
      type: 'string',
      validation: (rule) => rule.required().error('항목 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'value',
      title: '내용',
      type: 'string',
      validation: (rule) => rule.required().error('항목 내용을 입력해 주세요.'),
    }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'label', subtitle: 'value' },
  },
});

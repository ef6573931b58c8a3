import { PinIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { orderField } from '../fields';

export const locationCard = defineType({
  name: 'locationCard',
  title: '입지 카드',
  type: 'document',
  icon: PinIcon,
  fields: [
    orderField(),
    defineField({
      name: 'title',
      title: '제목',
      description: '예: 교통, 의료, 생활 인프라',
      type: 'string',
      validation: (rule) => rule.required().error('카드 제목을 입력해 주세요.'),
    }),
    defineField({ name: 'content', title: '내용', type: 'text', rows: 4 }),
    defineField({ name: 'image', title: '이미지', type: 'imageWithAlt' }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', content: 'content', media: 'image' },
    prepare: ({ title, content, media }) => ({ title: title || '제목 없음', subtitle: content, media }),
  },
});

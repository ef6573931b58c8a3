import { PresentationIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { orderField } from '../fields';

export const premiumSlide = defineType({
  name: 'premiumSlide',
  title: '프리미엄 슬라이드',
  type: 'document',
  icon: PresentationIcon,
  fields: [
    orderField(),
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().error('슬라이드 제목을 입력해 주세요.'),
    }),
    defineField({
      name: 'description',
      title: '설명',
      description: '줄바꿈이 그대로 표시됩니다.',
      type: 'text',
      rows: 4,
    }),
    defineField({
      name: 'image',
      title: '이미지',
      type: 'imageWithAlt',
      validation: (rule) => rule.required().error('슬라이드 이미지를 넣어 주세요.'),
    }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', order: 'order', media: 'image' },
    prepare: ({ title, order, media }) => ({
      title: title || '제목 없음',
      subtitle: `${order ?? '-'}번째 슬라이드`,
      media,
    }),
  },
});

import { StarIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { validateHref } from '../rules';
import { orderField } from '../fields';

export const premiumCard = defineType({
  name: 'premiumCard',
  title: '프리미엄 카드',
  type: 'document',
  icon: StarIcon,
  fields: [
    orderField(),
    defineField({
      name: 'label',
      title: '라벨',
      description: '예: PREMIUM 01',
      type: 'string',
      validation: (rule) => rule.required().error('카드 라벨을 입력해 주세요.'),
    }),
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().error('카드 제목을 입력해 주세요.'),
    }),
    defineField({ name: 'text1', title: '설명 1', type: 'text', rows: 2 }),
    defineField({ name: 'text2', title: '설명 2', type: 'text', rows: 2 }),
    defineField({ name: 'image', title: '이미지', type: 'imageWithAlt' }),
    defineField({
      name: 'link',
      title: '연결 주소',
      description: '예: /LocationEnvironment/intro',
      type: 'string',
      validation: (rule) => rule.custom(validateHref),
    }),
    defineField({ name: 'linkText', title: '링크 문구', type: 'string' }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', label: 'label', media: 'image' },
    prepare: ({ title, label, media }) => ({ title: title || '제목 없음', subtitle: label, media }),
  },
});

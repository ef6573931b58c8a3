import { BlockElementIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const pageSection = defineType({
  name: 'pageSection',
  title: '본문 구역',
  type: 'object',
  icon: BlockElementIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '소제목',
      type: 'string',
      validation: (rule) => rule.required().error('구역의 소제목을 입력해 주세요.'),
    }),
    defineField({ name: 'body', title: '본문', type: 'blockContent' }),
    defineField({ name: 'image', title: '이미지', type: 'imageWithAlt' }),
    defineField({
      name: 'notes',
      title: '유의사항',
      description: '구역 아래에 번호를 붙여 표시합니다.',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
    }),
  ],
  preview: {
    select: { title: 'heading', firstNote: 'notes.0', media: 'image' },
    prepare: ({ title, firstNote, media }) => ({
      title: title || '소제목 없음',
      subtitle: firstNote,
      media,
    }),
  },
});

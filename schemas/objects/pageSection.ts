import { BlockElementIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

import { YOUTUBE_ID_MESSAGE, YOUTUBE_ID_PATTERN } from '../rules';

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
      name: 'table',
      title: '표',
      description: '일정, 금액처럼 칸을 맞춰 보여 줄 내용이 있을 때만 입력합니다.',
      type: 'infoTable',
    }),
    defineField({
      name: 'videoId',
      title: '유튜브 영상 ID',
      description: '유튜브 주소의 v= 뒤 11자입니다. 방문자가 재생 버튼을 누를 때만 유튜브를 불러옵니다. 비워 두면 영상 영역이 표시되지 않습니다.',
      type: 'string',
      validation: (rule) => rule.regex(YOUTUBE_ID_PATTERN).error(YOUTUBE_ID_MESSAGE),
    }),
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

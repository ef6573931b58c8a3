import { HomeIcon, PinIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const homePage = defineType({
  name: 'homePage',
  title: '홈페이지',
  type: 'document',
  icon: HomeIcon,
  groups: [
    { name: 'hero', title: '첫 화면', default: true },
    { name: 'sections', title: '본문 구역' },
    { name: 'seo', title: '검색·공유' },
  ],
  fields: [
    defineField({
      name: 'hero',
      title: '첫 화면',
      type: 'object',
      group: 'hero',
      validation: (rule) => rule.required().error('첫 화면 내용을 입력해 주세요.'),
      fields: [
        defineField({ name: 'eyebrow', title: '머리 문구', description: '제목 위의 짧은 문구', type: 'string' }),
        defineField({
          name: 'title',
          title: '제목',
          type: 'string',
          validation: (rule) => rule.required().error('첫 화면 제목을 입력해 주세요.'),
        }),
        defineField({ name: 'subtitle', title: '부제목', type: 'text', rows: 3 }),
        defineField({
          name: 'image',
          title: '배경 이미지',
          description: '1920×1080 이상, 가로형',
          type: 'imageWithAlt',
          validation: (rule) => rule.required().error('첫 화면 배경 이미지를 넣어 주세요.'),
        }),
        defineField({
          name: 'ctaLabel',
          title: '버튼 문구',
          description: '관심고객 등록 창을 여는 버튼입니다.',
          type: 'string',
          initialValue: '관심고객 등록',
          validation: (rule) => rule.required().error('버튼 문구를 입력해 주세요.'),
        }),
      ],
    }),
    defineField({
      name: 'locationPoints',
      title: '입지 포인트',
      type: 'array',
      group: 'sections',
      of: [
        defineArrayMember({
          name: 'locationPoint',
          title: '입지 포인트',
          type: 'object',
          icon: PinIcon,
          fields: [
            defineField({
              name: 'title',
              title: '제목',
              type: 'string',
              validation: (rule) => rule.required().error('입지 포인트 제목을 입력해 주세요.'),
            }),
            defineField({ name: 'text', title: '설명', type: 'text', rows: 2 }),
          ],
          preview: { select: { title: 'title', subtitle: 'text' } },
        }),
      ],
    }),
    defineField({
      name: 'brandIntro',
      title: '브랜드 소개',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '제목', type: 'string' }),
        defineField({ name: 'text', title: '설명', type: 'text', rows: 3 }),
        defineField({
          name: 'linkLabel',
          title: '링크 문구',
          description: '홍보영상 페이지(/Brand/video)로 연결됩니다.',
          type: 'string',
        }),
      ],
    }),
    defineField({ name: 'premiumTitle', title: '프리미엄 구역 제목', type: 'string', group: 'sections' }),
    defineField({
      name: 'specialPlan',
      title: '특화 설계',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '제목', type: 'string' }),
        defineField({ name: 'text', title: '설명', type: 'text', rows: 3 }),
        defineField({ name: 'image', title: '이미지', type: 'imageWithAlt' }),
      ],
    }),
    defineField({ name: 'unitPlanTitle', title: '세대안내 구역 제목', type: 'string', group: 'sections' }),
    defineField({
      name: 'interestForm',
      title: '방문예약 구역',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '제목', type: 'string' }),
        defineField({ name: 'text', title: '안내 문구', type: 'text', rows: 2 }),
      ],
    }),
    defineField({ name: 'seo', title: '검색·공유 설정', type: 'seo', group: 'seo' }),
  ],
  preview: {
    select: { heroTitle: 'hero.title', media: 'hero.image' },
    prepare: ({ heroTitle, media }) => ({ title: '홈페이지', subtitle: heroTitle, media }),
  },
});

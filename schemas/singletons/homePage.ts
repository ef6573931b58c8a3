import { BlockElementIcon, HomeIcon, PinIcon } from '@sanity/icons';
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
    defineField({ name: 'locationTitle', title: '입지 포인트 구역 제목', type: 'string', group: 'sections' }),
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
    defineField({
      name: 'unitPlan',
      title: '세대안내 구역',
      description: '타입 안내(평면 뷰어)와 E-모델하우스 아코디언입니다. 펼친 항목의 제목이 구역 제목이 되고, 모두 접으면 구역 제목이 보입니다.',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '구역 제목', description: '예: 세대안내', type: 'string' }),
        defineField({
          name: 'linkLabel',
          title: '링크 문구',
          description: '세대안내 페이지(/FloorPlan/84A)로 연결됩니다.',
          type: 'string',
        }),
        defineField({
          name: 'typeGuide',
          title: '타입 안내',
          type: 'object',
          fields: [
            defineField({ name: 'title', title: '제목', description: '예: 타입 안내', type: 'string' }),
            defineField({ name: 'text', title: '설명', type: 'text', rows: 2 }),
          ],
        }),
        defineField({
          name: 'eModel',
          title: 'E-모델하우스',
          type: 'object',
          fields: [
            defineField({ name: 'title', title: '제목', description: '예: E-모델하우스', type: 'string' }),
            defineField({ name: 'text', title: '설명', type: 'text', rows: 2 }),
            defineField({
              name: 'linkLabel',
              title: '링크 문구',
              description: 'E-모델하우스 페이지(/FloorPlan/Emodel)로 연결됩니다.',
              type: 'string',
            }),
          ],
        }),
      ],
    }),
    defineField({
      name: 'mobileOverview',
      title: '모바일 한눈에 보기',
      description: '모바일 화면에만 보이는 사업개요 · 입지 · 프리미엄 아코디언입니다. 사업개요는 사업개요 표, 프리미엄은 프리미엄 슬라이드를 보여 줍니다.',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '구역 제목', type: 'string' }),
        defineField({ name: 'businessTitle', title: '사업개요 제목', type: 'string', initialValue: '사업개요' }),
        defineField({ name: 'locationTitle', title: '입지 제목', type: 'string', initialValue: '입지' }),
        defineField({
          name: 'locationImages',
          title: '입지 지도',
          description: '지도 이미지 두 장',
          type: 'array',
          of: [defineArrayMember({ type: 'imageWithAlt' })],
          validation: (rule) => rule.max(2).error('입지 지도는 두 장까지 넣을 수 있습니다.'),
        }),
        defineField({ name: 'premiumTitle', title: '프리미엄 제목', type: 'string', initialValue: '프리미엄' }),
      ],
    }),
    defineField({
      name: 'complex',
      title: '단지안내 구역',
      description: '단지배치도 · 단지특화설계 · 커뮤니티 아코디언입니다.',
      type: 'object',
      group: 'sections',
      fields: [
        defineField({ name: 'title', title: '구역 제목', type: 'string' }),
        defineField({
          name: 'items',
          title: '항목',
          type: 'array',
          of: [
            defineArrayMember({
              name: 'complexItem',
              title: '항목',
              type: 'object',
              icon: BlockElementIcon,
              fields: [
                defineField({
                  name: 'title',
                  title: '제목',
                  type: 'string',
                  validation: (rule) => rule.required().error('항목 제목을 입력해 주세요.'),
                }),
                defineField({ name: 'text', title: '설명', type: 'text', rows: 2 }),
                defineField({ name: 'image', title: '이미지', type: 'imageWithAlt' }),
              ],
              preview: { select: { title: 'title', subtitle: 'text', media: 'image' } },
            }),
          ],
        }),
      ],
    }),
    defineField({
      name: 'interestForm',
      title: '방문예약 구역',
      type: 'object',
      group: 'sections',
      fields: [defineField({ name: 'title', title: '제목', type: 'string' }), defineField({ name: 'text', title: '안내 문구', type: 'text', rows: 2 })],
    }),
    defineField({ name: 'seo', title: '검색·공유 설정', type: 'seo', group: 'seo' }),
  ],
  preview: {
    select: { heroTitle: 'hero.title', media: 'hero.image' },
    prepare: ({ heroTitle, media }) => ({ title: '홈페이지', subtitle: heroTitle, media }),
  },
});

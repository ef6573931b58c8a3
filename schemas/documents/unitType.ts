import { ThLargeIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

import { orderField } from '../fields';
import { validateHttpsUrl } from '../rules';

/** The code is the floor-plan path segment: /FloorPlan/59A, /Interior/84B. */
const UNIT_CODE_PATTERN = /^\d{2,3}[A-Z]?$/;

export const unitType = defineType({
  name: 'unitType',
  title: '주택형',
  type: 'document',
  icon: ThLargeIcon,
  fields: [
    defineField({
      name: 'code',
      title: '코드',
      description: '평면도 주소에 쓰입니다. 예: 59A → /FloorPlan/59A',
      type: 'string',
      validation: (rule) => [
        rule.required().error('주택형 코드를 입력해 주세요.'),
        rule.regex(UNIT_CODE_PATTERN).error('숫자 2~3자리와 대문자 하나로 입력해 주세요. 예: 59A, 114B, 40'),
      ],
    }),
    defineField({
      name: 'label',
      title: '표시 이름',
      description: '메뉴와 버튼에 보이는 이름입니다. 예: 59㎡A',
      type: 'string',
      validation: (rule) => rule.required().error('표시 이름을 입력해 주세요.'),
    }),
    orderField(),
    defineField({
      name: 'exclusiveArea',
      title: '전용면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.positive().error('면적은 0보다 커야 합니다.'),
    }),
    defineField({
      name: 'supplyArea',
      title: '공급면적 (㎡)',
      type: 'number',
      validation: (rule) => rule.positive().error('면적은 0보다 커야 합니다.'),
    }),
    defineField({
      name: 'households',
      title: '세대수',
      type: 'number',
      validation: (rule) => rule.integer().min(0).error('세대수는 0 이상의 정수로 입력해 주세요.'),
    }),
    defineField({
      name: 'inViewer',
      title: '홈 평면 뷰어에 표시',
      description: '홈페이지 평면 뷰어(40 · 59A · 59B)에 나오는 주택형만 켜 주세요.',
      type: 'boolean',
      initialValue: false,
    }),
    defineField({
      name: 'pages',
      title: '공개 페이지',
      description: '이 주택형의 평면도(/FloorPlan/코드)와 인테리어(/Interior/코드) 페이지 중 사이트에 여는 것을 고르세요. 고르지 않은 페이지는 "찾을 수 없음"(404)입니다.',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      options: {
        list: [
          { title: '평면도 페이지', value: 'floorPlan' },
          { title: '인테리어 페이지', value: 'interior' },
        ],
        layout: 'grid',
      },
    }),
    defineField({
      name: 'plan',
      title: '평면도',
      description: '비워 두면 "준비 중" 안내가 표시됩니다.',
      type: 'imageWithAlt',
    }),
    defineField({
      name: 'vrTourUrl',
      title: 'E-모델하우스 VR 주소',
      description: '입력한 주택형만 E-모델하우스 탭에 나옵니다. 방문자가 화면을 누를 때만 불러옵니다.',
      type: 'url',
      validation: (rule) => rule.custom(validateHttpsUrl),
    }),
    defineField({
      name: 'vrPoster',
      title: 'E-모델하우스 대표 이미지',
      description: 'VR을 불러오기 전 화면에 깔리는 이미지입니다. 비워 두면 단색 배경이 표시됩니다.',
      type: 'imageWithAlt',
      hidden: ({ document }) => !document?.vrTourUrl,
    }),
    defineField({
      name: 'interiorImages',
      title: '인테리어 이미지',
      description: '비워 두면 인테리어 페이지에 "준비 중" 안내가 표시됩니다.',
      type: 'array',
      of: [defineArrayMember({ type: 'imageWithAlt' })],
    }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { label: 'label', code: 'code', area: 'exclusiveArea', inViewer: 'inViewer', media: 'plan' },
    prepare: ({ label, code, area, inViewer, media }) => ({
      title: label || code || '이름 없는 주택형',
      subtitle: [
        code,
        typeof area === 'number' ? `전용 ${area}㎡` : undefined,
        inViewer ? '홈 뷰어' : undefined,
      ]
        .filter(Boolean)
        .join(' · '),
      media,
    }),
  },
});

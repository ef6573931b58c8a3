import { ThLargeIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';
import type { ValidationContext } from 'sanity';

import { orderField } from '../fields';
import { countOthersWithValue, validateHttpsUrl } from '../rules';

/** The code is the floor-plan path segment: /FloorPlan/59A, /Interior/84B. */
const UNIT_CODE_PATTERN = /^\d{2,3}[A-Z]?$/;

/** Shorter than this, a plan description cannot say rooms, layout and balcony. */
export const PLAN_DESCRIPTION_MIN_LENGTH = 60;
const BEDROOM_COUNT_PATTERN = /침실\s*\d+\s*개/;
const BATHROOM_COUNT_PATTERN = /욕실\s*\d+\s*개/;

type UnitTypeDocument = { plan?: { asset?: unknown }; vrTourUrl?: string };

/**
 * The plan's description is its alt text: a visitor who cannot see the plan learns from it what
 * the picture shows, so it must name the rooms with their counts and belong to this type alone.
 */
export async function validatePlanDescription(text: string | undefined, context: ValidationContext): Promise<true | string> {
  const hasPlan = Boolean((context.document as UnitTypeDocument | undefined)?.plan?.asset);
  const trimmed = text?.trim() ?? '';
  if (!trimmed) return hasPlan ? '평면도가 있는 주택형은 평면 설명을 입력해 주세요.' : true;
  if (trimmed.length < PLAN_DESCRIPTION_MIN_LENGTH) {
    return `평면 설명은 방 구성, 배치, 발코니를 담아 ${PLAN_DESCRIPTION_MIN_LENGTH}자 이상으로 입력해 주세요.`;
  }
  if (!BEDROOM_COUNT_PATTERN.test(trimmed) || !BATHROOM_COUNT_PATTERN.test(trimmed)) {
    return '방 개수를 "침실 3개, 욕실 1개"처럼 숫자로 적어 주세요.';
  }
  if (!trimmed.includes('발코니')) return '발코니의 위치나 유무를 적어 주세요.';
  const others = await countOthersWithValue(context, 'unitType', 'planDescription', text);
  return others === 0 ? true : '다른 주택형과 같은 설명입니다. 이 주택형의 평면을 그대로 설명해 주세요.';
}

/** A tour without a text description leaves out visitors who cannot use the VR viewer. */
export function validateVrDescription(text: string | undefined, context: ValidationContext): true | string {
  const hasTour = Boolean((context.document as UnitTypeDocument | undefined)?.vrTourUrl);
  return !hasTour || text?.trim() ? true : 'VR 주소를 넣은 주택형은 VR 화면 설명을 입력해 주세요.';
}

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
      description:
        '이 주택형의 평면도(/FloorPlan/코드)와 인테리어(/Interior/코드) 페이지 중 사이트에 여는 것을 고르세요. 고르지 않은 페이지는 "찾을 수 없음"(404)입니다.',
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
      name: 'planDescription',
      title: '평면 설명',
      description:
        '평면도를 볼 수 없는 방문자에게 읽어 주는 설명(대체 텍스트)입니다. 침실·욕실 개수(예: 침실 3개, 욕실 1개), 방의 배치와 발코니를 이 주택형의 평면 그대로 적어 주세요.',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.custom(validatePlanDescription),
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
      name: 'vrDescription',
      title: 'VR 화면 설명',
      description: 'VR을 쓸 수 없는 방문자를 위해 VR에서 둘러볼 수 있는 공간과 모습을 글로 적어 주세요. VR 아래에 그대로 표시됩니다.',
      type: 'text',
      rows: 4,
      hidden: ({ document }) => !document?.vrTourUrl,
      validation: (rule) => rule.custom(validateVrDescription),
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
      subtitle: [code, typeof area === 'number' ? `전용 ${area}㎡` : undefined, inViewer ? '홈 뷰어' : undefined].filter(Boolean).join(' · '),
      media,
    }),
  },
});

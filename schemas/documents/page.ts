import { DocumentIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';
import type { ValidationContext } from 'sanity';

import { countOthersWithValue } from '../rules';

/** "/", or "/Segment/segment" without a trailing slash, query string or fragment. */
const PAGE_PATH_PATTERN = /^\/([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/;

export function validatePagePathFormat(path: string | undefined): true | string {
  if (path === undefined || PAGE_PATH_PATTERN.test(path)) return true;
  if (!path.startsWith('/')) return '경로는 / 로 시작해야 합니다. 예: /BusinessGuide/intro';
  return '경로에는 영문, 숫자, -, _ 와 구분용 / 만 쓸 수 있고 / 로 끝날 수 없습니다.';
}

export async function validatePagePathUnique(path: string | undefined, context: ValidationContext): Promise<true | string> {
  if (!path) return true;
  const others = await countOthersWithValue(context, 'page', 'path', path);
  return others === 0 ? true : `이미 다른 페이지가 쓰고 있는 경로입니다: ${path}`;
}

export const page = defineType({
  name: 'page',
  title: '페이지',
  type: 'document',
  icon: DocumentIcon,
  groups: [
    { name: 'content', title: '내용', default: true },
    { name: 'seo', title: '검색·공유' },
  ],
  fields: [
    defineField({
      name: 'path',
      title: '경로',
      description: '사이트 주소에서 도메인 뒤의 부분입니다. 예: /BusinessGuide/intro',
      type: 'string',
      group: 'content',
      validation: (rule) => [rule.required().error('페이지 경로를 입력해 주세요.'), rule.custom(validatePagePathFormat), rule.custom(validatePagePathUnique)],
    }),
    defineField({
      name: 'title',
      title: '페이지 제목',
      description: '페이지 맨 위 큰 제목(h1)입니다.',
      type: 'string',
      group: 'content',
      validation: (rule) => rule.required().error('페이지 제목을 입력해 주세요.'),
    }),
    defineField({
      name: 'group',
      title: '메뉴 그룹',
      description: '이 페이지가 속한 메뉴 그룹 이름입니다. 예: 사업개요',
      type: 'string',
      group: 'content',
    }),
    defineField({
      name: 'banner',
      title: '상단 배너',
      type: 'object',
      group: 'content',
      fields: [
        defineField({ name: 'title', title: '배너 제목', type: 'string' }),
        defineField({ name: 'text', title: '배너 문구', type: 'text', rows: 2 }),
        defineField({ name: 'image', title: '배너 이미지', type: 'imageWithAlt' }),
        defineField({
          name: 'delayText',
          title: '문구 늦게 표시',
          description: '켜면 배너 문구가 제목보다 늦게(0.5초 뒤) 나타납니다. 브랜드 소개 페이지에 씁니다.',
          type: 'boolean',
          initialValue: false,
        }),
      ],
    }),
    defineField({ name: 'intro', title: '도입 문구', type: 'text', rows: 3, group: 'content' }),
    defineField({
      name: 'sections',
      title: '본문 구역',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({ type: 'pageSection' })],
    }),
    defineField({
      name: 'actions',
      title: '버튼',
      description: '본문 아래에 버튼으로 표시합니다. 예: 입주자모집공고 PDF 보기 (/announcement.pdf)',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({ type: 'link' })],
    }),
    defineField({
      name: 'notes',
      title: '유의사항',
      description: '페이지 아래에 번호를 붙여 표시하는 안내·고지 문구입니다.',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({ type: 'string' })],
    }),
    defineField({ name: 'seo', title: '검색·공유 설정', type: 'seo', group: 'seo' }),
  ],
  orderings: [{ title: '경로', name: 'pathAsc', by: [{ field: 'path', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', path: 'path', group: 'group', media: 'banner.image' },
    prepare: ({ title, path, group, media }) => ({
      title: title || '제목 없음',
      subtitle: [group, path].filter(Boolean).join(' · '),
      media,
    }),
  },
});

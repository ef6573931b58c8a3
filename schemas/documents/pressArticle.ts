import { DocumentTextIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { PressViewCount } from '../components/PressViewCount';
import { STUDIO_API_VERSION } from '../rules';

const SITE_ID_PATTERN = /^[a-z0-9-]+$/;

/** Views are counted by the site in its own database; `views` only shows that count (PressViewCount). */
export const pressArticle = defineType({
  name: 'pressArticle',
  title: '언론보도',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({
      name: 'siteId',
      title: '사이트 식별자',
      description: '사이트 설정의 "언론보도 사이트 식별자"와 같아야 목록에 나옵니다.',
      type: 'string',
      // New articles belong to this site's press list; an empty value makes the editor choose.
      initialValue: async (_params, { getClient }) =>
        (await getClient({ apiVersion: STUDIO_API_VERSION }).fetch<string | null>('*[_id == "siteSettings"][0].pressSiteSlug')) ?? '',
      validation: (rule) => [
        rule.required().error('사이트 식별자를 입력해 주세요.'),
        rule.regex(SITE_ID_PATTERN).error('영문 소문자, 숫자, 하이픈(-)만 쓸 수 있습니다.'),
      ],
    }),
    defineField({
      name: 'title',
      title: '제목',
      type: 'string',
      validation: (rule) => rule.required().error('제목을 입력해 주세요. 제목과 요약은 필수입니다.'),
    }),
    defineField({
      name: 'summary',
      title: '요약',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().error('요약을 입력해 주세요. 제목과 요약은 필수입니다.'),
    }),
    defineField({ name: 'body', title: '본문', type: 'blockContent' }),
    defineField({
      name: 'date',
      title: '게시일시',
      type: 'datetime',
      initialValue: () => new Date().toISOString(),
      options: { dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' },
      validation: (rule) => rule.required().error('게시일시를 입력해 주세요.'),
    }),
    defineField({
      name: 'views',
      title: '조회수',
      description: '방문자가 기사를 열 때마다 사이트가 셉니다. 편집할 수 없습니다.',
      type: 'number',
      readOnly: true,
      components: { input: PressViewCount },
    }),
  ],
  orderings: [{ title: '최신순', name: 'dateDesc', by: [{ field: 'date', direction: 'desc' }] }],
  preview: {
    select: { title: 'title', date: 'date', summary: 'summary' },
    prepare: ({ title, date, summary }) => ({
      title: title || '제목 없음',
      subtitle: [date ? new Date(date).toLocaleDateString('ko-KR', { timeZone: 'Asia/Seoul' }) : undefined, summary].filter(Boolean).join(' · '),
    }),
  },
});

import { EyeOpenIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

/**
 * The view count of one press article, written only by the site's server (batched `inc`).
 * Kept out of `pressArticle` so counting views neither adds article revisions nor invalidates
 * the cached press list. `_id` is `pressViews-<article _id>`.
 */
export const pressViews = defineType({
  name: 'pressViews',
  title: '언론보도 조회수',
  type: 'document',
  icon: EyeOpenIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'article',
      title: '기사',
      type: 'reference',
      to: [{ type: 'pressArticle' }],
      // The count may outlive its article; deleting the article must not be blocked by it.
      weak: true,
      validation: (rule) => rule.required().error('기사를 지정해 주세요.'),
    }),
    defineField({
      name: 'siteId',
      title: '사이트 식별자',
      type: 'string',
      validation: (rule) => rule.required().error('사이트 식별자를 입력해 주세요.'),
    }),
    defineField({
      name: 'count',
      title: '조회수',
      description: '방문자가 기사를 열 때마다 사이트가 몇 초마다 모아서 올립니다.',
      type: 'number',
      initialValue: 0,
      validation: (rule) => [
        rule.required().error('조회수를 입력해 주세요.'),
        rule.integer().min(0).error('조회수는 0 이상의 정수입니다.'),
      ],
    }),
  ],
  preview: {
    select: { title: 'article.title', count: 'count' },
    prepare: ({ title, count }) => ({ title: title || '삭제된 기사', subtitle: `조회 ${count ?? 0}` }),
  },
});

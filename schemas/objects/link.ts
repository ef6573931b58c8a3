import { LinkIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { validateHref } from '../rules';

export const link = defineType({
  name: 'link',
  title: '링크',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: '이름',
      type: 'string',
      validation: (rule) => rule.required().error('링크 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'href',
      title: '주소',
      description: '사이트 안의 경로(예: /BusinessGuide/intro) 또는 https:// 로 시작하는 외부 주소',
      type: 'string',
      validation: (rule) => [rule.required().error('링크 주소를 입력해 주세요.'), rule.custom(validateHref)],
    }),
    defineField({
      name: 'newTab',
      title: '새 창으로 열기',
      type: 'boolean',
      initialValue: false,
    }),
  ],
  preview: {
    select: { title: 'label', href: 'href', newTab: 'newTab' },
    prepare: ({ title, href, newTab }) => ({
      title: title || '이름 없는 링크',
      subtitle: newTab ? `${href ?? ''} (새 창)` : href,
    }),
  },
});

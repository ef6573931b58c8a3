import { BlockContentIcon, LinkIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

import { validateHref } from '../rules';

/** Portable Text for article and page bodies: paragraphs, two heading levels, lists, links. */
export const blockContent = defineType({
  name: 'blockContent',
  title: '본문',
  type: 'array',
  icon: BlockContentIcon,
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: '본문', value: 'normal' },
        { title: '제목 2', value: 'h2' },
        { title: '제목 3', value: 'h3' },
      ],
      lists: [
        { title: '글머리 기호', value: 'bullet' },
        { title: '번호 목록', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: '굵게', value: 'strong' },
          { title: '기울임', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: '링크',
            type: 'object',
            icon: LinkIcon,
            fields: [
              defineField({
                name: 'href',
                title: '주소',
                type: 'string',
                validation: (rule) => [rule.required().error('링크 주소를 입력해 주세요.'), rule.custom(validateHref)],
              }),
              defineField({ name: 'newTab', title: '새 창으로 열기', type: 'boolean', initialValue: false }),
            ],
          }),
        ],
      },
    }),
  ],
});

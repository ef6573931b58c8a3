import { UserIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { validateMobilePhone } from '../rules';

/**
 * A visitor's interest registration. Lives only in the private leads dataset; the site's server
 * writes it, so the Studio shows it read-only.
 */
export const lead = defineType({
  name: 'lead',
  title: '관심고객',
  type: 'document',
  icon: UserIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'name',
      title: '이름',
      type: 'string',
      validation: (rule) => rule.required().error('이름이 없습니다.'),
    }),
    defineField({
      name: 'phone',
      title: '연락처',
      type: 'string',
      validation: (rule) => [rule.required().error('연락처가 없습니다.'), rule.custom(validateMobilePhone)],
    }),
    defineField({ name: 'message', title: '문의내용', type: 'text', rows: 5 }),
    defineField({
      name: 'createdAt',
      title: '등록일시',
      type: 'datetime',
      validation: (rule) => rule.required().error('등록일시가 없습니다.'),
    }),
    defineField({
      name: 'sourcePage',
      title: '등록한 페이지',
      description: '방문자가 양식을 제출한 페이지 경로입니다.',
      type: 'string',
    }),
  ],
  orderings: [{ title: '최근 등록순', name: 'createdAtDesc', by: [{ field: 'createdAt', direction: 'desc' }] }],
  preview: {
    select: { name: 'name', phone: 'phone', createdAt: 'createdAt' },
    prepare: ({ name, phone, createdAt }) => ({
      title: [name, phone].filter(Boolean).join(' · ') || '이름 없음',
      subtitle: createdAt
        ? new Date(createdAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' })
        : undefined,
    }),
  },
});

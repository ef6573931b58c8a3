import { MenuIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

export const menuGroup = defineType({
  name: 'menuGroup',
  title: '메뉴 그룹',
  type: 'object',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'title',
      title: '그룹 이름',
      description: '상단 메뉴에 보이는 이름입니다. 예: 사업개요',
      type: 'string',
      validation: (rule) => rule.required().error('메뉴 그룹 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'items',
      title: '하위 메뉴',
      description: '메뉴 이름은 연결된 페이지의 내용과 같아야 합니다.',
      type: 'array',
      of: [defineArrayMember({ type: 'link' })],
      validation: (rule) => rule.required().min(1).error('하위 메뉴를 하나 이상 추가해 주세요.'),
    }),
  ],
  preview: {
    select: { title: 'title', first: 'items.0.label', second: 'items.1.label', third: 'items.2.label' },
    prepare: ({ title, first, second, third }) => ({
      title: title || '이름 없는 그룹',
      subtitle: [first, second, third].filter(Boolean).join(' · '),
    }),
  },
});

import { ThListIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

/**
 * A small table edited as text: column headings and rows of cells. The first cell of a row is its
 * heading (분양일정의 "구분", 인지세 안내의 "분양가 구간").
 */
export const infoTable = defineType({
  name: 'infoTable',
  title: '표',
  type: 'object',
  icon: ThListIcon,
  fields: [
    defineField({
      name: 'columns',
      title: '열 제목',
      description: '표 맨 위 줄입니다. 예: 구분, 일정, 비고',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(2).error('열 제목을 두 개 이상 입력해 주세요.'),
    }),
    defineField({
      name: 'rows',
      title: '행',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'infoTableRow',
          title: '행',
          type: 'object',
          fields: [
            defineField({
              name: 'cells',
              title: '칸',
              description: '열 제목과 같은 순서로 입력해 주세요.',
              type: 'array',
              of: [defineArrayMember({ type: 'string' })],
              validation: (rule) => rule.required().min(1).error('칸을 하나 이상 입력해 주세요.'),
            }),
          ],
          preview: {
            select: { first: 'cells.0', second: 'cells.1' },
            prepare: ({ first, second }) => ({ title: first || '빈 행', subtitle: second }),
          },
        }),
      ],
    }),
  ],
  preview: {
    select: { firstColumn: 'columns.0', firstRow: 'rows.0.cells.0' },
    prepare: ({ firstColumn, firstRow }) => ({
      title: firstColumn ? `표: ${firstColumn} …` : '표',
      subtitle: firstRow,
    }),
  },
});

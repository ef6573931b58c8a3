import { defineField } from 'sanity';

/** The manual sort key shared by every list-like document (slides, cards, overview rows, tabs). */
export function orderField() {
  return defineField({
    name: 'order',
    title: '정렬 순서',
    description: '작은 숫자가 먼저 표시됩니다.',
    type: 'number',
    validation: (rule) => [rule.required().error('정렬 순서를 입력해 주세요.'), rule.integer().error('정렬 순서는 정수로 입력해 주세요.')],
  });
}

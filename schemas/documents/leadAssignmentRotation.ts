import { UsersIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

/**
 * Where the automatic assignment of new leads stands: the 상담사 who got the last one (the next
 * goes to the one after in email order). One document, written by the site's server only.
 */
export const leadAssignmentRotation = defineType({
  name: 'leadAssignmentRotation',
  title: '자동 배정 순서',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'lastEmail',
      title: '마지막으로 배정된 상담사',
      type: 'string',
      validation: (rule) => rule.required().error('마지막으로 배정된 상담사가 없습니다.'),
    }),
  ],
  preview: {
    select: { lastEmail: 'lastEmail' },
    prepare: ({ lastEmail }) => ({ title: '자동 배정 순서', subtitle: lastEmail ? `마지막 배정: ${lastEmail}` : '아직 배정 없음' }),
  },
});

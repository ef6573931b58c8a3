import { EyeOpenIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '../../web/shared/console';

/**
 * One line of the audit trail (who, when, what, from where). Lives only in the private leads
 * dataset; only the site's server writes it and only its retention purge deletes it.
 */
export const auditEvent = defineType({
  name: 'auditEvent',
  title: '접속 기록',
  type: 'document',
  icon: EyeOpenIcon,
  readOnly: true,
  fields: [
    defineField({ name: 'at', title: '일시', type: 'datetime', validation: (rule) => rule.required().error('일시가 없습니다.') }),
    defineField({ name: 'actor', title: '누가', type: 'string', validation: (rule) => rule.required().error('작업자가 없습니다.') }),
    defineField({
      name: 'action',
      title: '무엇을',
      type: 'string',
      options: { list: AUDIT_ACTIONS.map((action) => ({ title: AUDIT_ACTION_LABELS[action], value: action })) },
      validation: (rule) => rule.required().error('작업이 없습니다.'),
    }),
    defineField({ name: 'target', title: '대상', type: 'string' }),
    defineField({ name: 'detail', title: '내용', type: 'string' }),
    defineField({ name: 'ip', title: '접속 주소', type: 'string' }),
  ],
  orderings: [{ title: '최근 순', name: 'atDesc', by: [{ field: 'at', direction: 'desc' }] }],
  preview: {
    select: { at: 'at', actor: 'actor', action: 'action' },
    prepare: ({ at, actor, action }) => ({
      title: `${AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action ?? ''} · ${actor ?? ''}`,
      subtitle: at,
    }),
  },
});

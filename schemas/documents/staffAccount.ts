import { UsersIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { STAFF_ROLES, STAFF_ROLE_LABELS } from '../../web/shared/console';

/**
 * A sales-console account. Lives only in the private leads dataset; the site's server and its
 * admin CLI write it (the password as a scrypt hash), so the Studio shows it read-only.
 */
export const staffAccount = defineType({
  name: 'staffAccount',
  title: '직원 계정',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({ name: 'email', title: '이메일', type: 'string', validation: (rule) => rule.required().error('이메일이 없습니다.') }),
    defineField({ name: 'name', title: '이름', type: 'string', validation: (rule) => rule.required().error('이름이 없습니다.') }),
    defineField({
      name: 'role',
      title: '역할',
      type: 'string',
      options: { list: STAFF_ROLES.map((role) => ({ title: STAFF_ROLE_LABELS[role], value: role })) },
      validation: (rule) => rule.required().error('역할이 없습니다.'),
    }),
    defineField({ name: 'passwordHash', title: '비밀번호 해시', type: 'string', hidden: true }),
    defineField({ name: 'disabled', title: '사용 중지', type: 'boolean' }),
    // Read by the server only (messages to the staff member); the Studio does not show it.
    defineField({ name: 'mobile', title: '휴대폰', type: 'string', hidden: true }),
    defineField({ name: 'createdAt', title: '만든 일시', type: 'datetime' }),
    defineField({ name: 'updatedAt', title: '바꾼 일시', type: 'datetime' }),
  ],
  preview: {
    select: { name: 'name', email: 'email', role: 'role', disabled: 'disabled' },
    prepare: ({ name, email, role, disabled }) => ({
      title: `${name ?? ''}${disabled ? ' (사용 중지)' : ''}`,
      subtitle: `${email ?? ''} · ${STAFF_ROLE_LABELS[role as keyof typeof STAFF_ROLE_LABELS] ?? role ?? ''}`,
    }),
  },
});

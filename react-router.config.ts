import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web/app',
  ssr: true,
} satisfies Config;

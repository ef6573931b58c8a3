import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web/app',
  ssr: true,
  // Loaders and actions get the request as it came (no copies without `.data` and `_routes`): the
  // address they read is the `url` argument.
  future: { v8_passThroughRequests: true },
} satisfies Config;

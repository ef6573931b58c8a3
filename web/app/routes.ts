import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Reads like the spec's route table. Paths keep the spec's capitalisation (they are the URLs
// that Naver has indexed).
export default [
  index('routes/home.tsx'),
  route('BusinessGuide/intro', 'routes/business-guide-intro.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

/**
 * Canary secrets for the "no secret reaches the browser" checks.
 *
 * A secret-leak test that only looks for the values of env vars that happen to be set would pass
 * vacuously on CI, where none of them is set. So `npm test` builds the app with these recognisable
 * dummy values in the environment (through `with-canary-secrets.ts`), and Playwright starts the
 * server with them too. If any server-only value is ever inlined into a client bundle, prerendered
 * into `build/client`, or rendered into a page or loader payload, the canary string shows up there
 * and `client-assets.spec.ts` fails. Real values already set in the environment win (and are then
 * what the test looks for), so a developer's own token is checked as well.
 */
export const SECRET_ENV_NAMES = [
  'SANITY_API_TOKEN',
  'ADMIN_PASSWORD_HASH',
  'SANITY_WEBHOOK_SECRET',
  'ADMIN_EMAIL',
  'SESSION_SECRET',
  'SOLAPI_API_KEY',
  'SOLAPI_API_SECRET',
] as const;

export type SecretEnvName = (typeof SECRET_ENV_NAMES)[number];

export const CANARY_SECRETS: Record<SecretEnvName, string> = {
  // Shaped like a Sanity token (sk + long alphanumeric) so the generic pattern would catch it too.
  SANITY_API_TOKEN: 'skE2eCanaryTokenDoNotShipQ7w2x9v4b8n1m6k3j5h0',
  // A real scrypt hash of CANARY_ADMIN_PASSWORD, so the press e2e tests can sign in.
  ADMIN_PASSWORD_HASH: 'scrypt$16384$8$1$hJacamtoyuJHhEffJGjU-g$Dobwa3LyKbRgispjA0eagyux1Qt1FJTTtksIQA01pPE',
  SANITY_WEBHOOK_SECRET: 'e2e-canary-webhook-secret-3f9a7c1d',
  ADMIN_EMAIL: 'e2e-canary-admin@example.invalid',
  SESSION_SECRET: 'e2e-canary-session-secret-do-not-ship-5b1e9d',
  // Set though messages are off (MESSAGES_PROVIDER unset): the server reads them either way.
  SOLAPI_API_KEY: 'NCSE2ECANARYAPIKEY8D2F',
  SOLAPI_API_SECRET: 'e2e-canary-solapi-secret-do-not-ship-71c4',
};

/**
 * The password of the canary admin (a test fixture, like the canary values: it guards nothing).
 * With a real ADMIN_PASSWORD_HASH in the environment, set E2E_ADMIN_PASSWORD to its password.
 */
export const CANARY_ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD || 'e2e-canary-admin-password-7Kq2';

/** The environment to run the build / server with: real values where set, canaries otherwise. */
export function secretEnv(env: NodeJS.ProcessEnv = process.env): Record<SecretEnvName, string> {
  const out = {} as Record<SecretEnvName, string>;
  for (const name of SECRET_ENV_NAMES) out[name] = env[name] || CANARY_SECRETS[name];
  return out;
}

/** Every concrete secret value that must never reach a client: the canaries and any real ones. */
export function secretValues(env: NodeJS.ProcessEnv = process.env): Array<{ name: string; value: string }> {
  const values: Array<{ name: string; value: string }> = [];
  for (const name of SECRET_ENV_NAMES) {
    values.push({ name: `${name} (canary)`, value: CANARY_SECRETS[name] });
    const real = env[name];
    // Very short values would match by accident; a real secret is never this short.
    if (real && real !== CANARY_SECRETS[name] && real.length >= 6) values.push({ name, value: real });
  }
  return values;
}

/** Patterns that indicate server-only code or credentials in a client asset. */
export const FORBIDDEN_PATTERNS: Array<{ name: string; re: RegExp }> = [
  // sk + a long run of letters and digits with at least one digit: real tokens are about 180
  // characters; a camel-cased identifier such as `skipOverflowHiddenElements` has no digit.
  { name: 'Sanity-token-like string', re: /\bsk(?=[a-zA-Z]*\d)[a-zA-Z0-9]{30,}/ },
  { name: 'scrypt password hash', re: /scrypt\$/ },
  { name: 'argon2 password hash', re: /\$argon2/ },
  { name: 'better-sqlite3 (server-only module)', re: /better-sqlite3/ },
  { name: 'SANITY_API_TOKEN identifier (server env read in client code)', re: /SANITY_API_TOKEN/ },
];

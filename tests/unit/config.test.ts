/**
 * The server's configuration: defaults with nothing set, typed values from the environment, and
 * for bad values one Korean + English line per variable (the server then refuses to start, which
 * tests/integration/built-server/server-start.test.ts checks on the real process).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../web/server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('has working defaults with nothing set (embedded content, ./data resolved once)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
      trustProxy: undefined,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000, maxConnections: 1000 },
      dataDir: path.resolve('data'),
      sanity: undefined,
      leads: {
        minFillMs: 2000,
        ipLimit: { max: 30, windowMs: 600_000 },
        phoneLimit: { max: 5, windowMs: 3_600_000 },
        bookingIpLimit: { max: 10, windowMs: 86_400_000 },
      },
      admin: { trustedOrigins: [], secureCookies: false },
    });
  });

  it('reads every setting, empty values counting as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      DATA_DIR: '/srv/site-data',
      VIEW_FLUSH_INTERVAL_MS: '5000',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example',
      SANITY_PROJECT_ID: 'abc123',
      SANITY_API_TOKEN: 'token',
      SANITY_USE_CDN: 'false',
      CONTENT_CACHE_TTL_MS: '0',
      LEAD_RATE_LIMIT_IP: '3/60',
      LEAD_WEBHOOK_URL: 'https://hooks.example/leads',
      LEAD_FORM_SECRET: '',
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      trustProxy: ['loopback', '10.0.0.0/8'],
      dataDir: '/srv/site-data',
      viewFlushIntervalMs: 5000,
      admin: { trustedOrigins: ['https://a.example', 'https://b.example'], secureCookies: true },
      sanity: { projectId: 'abc123', dataset: 'production', leadsDataset: 'leads', useCdn: false, cacheTtlMs: 0, token: 'token' },
      leads: { ipLimit: { max: 3, windowMs: 60_000 }, webhookUrl: 'https://hooks.example/leads', formSecret: undefined },
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // Loopback, private ranges and single hosts (a CDN's address) are what a proxy list holds.
    const proxies = 'loopback, 10.0.0.0/8, 172.16.0.0/12, 192.168.1.0/24, 100.64.0.0/10, fd00::/8, fe80::/64, 203.0.113.10, 2001:db8::1/128';
    expect(loadConfig({ TRUST_PROXY: proxies }).trustProxy).toEqual(proxies.split(', '));
  });

  it('refuses bad values with one Korean + English line per variable', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      HTTP_MAX_CONNECTIONS: '-5',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1.5',
      VIEW_FLUSH_INTERVAL_MS: 'soon',
      CONTENT_CACHE_TTL_MS: '-1',
      LEAD_MIN_FILL_MS: 'abc',
      LEAD_RATE_LIMIT_IP: '30 per 600',
      LEAD_BOOKING_LIMIT_IP: '10/',
      LEAD_WEBHOOK_URL: 'ftp://hooks.example',
      SANITY_USE_CDN: 'yes',
      SESSION_SECRET: 'short',
    });
    const variables = [
      'PORT',
      'HTTP_MAX_CONNECTIONS',
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
      'VIEW_FLUSH_INTERVAL_MS',
      'CONTENT_CACHE_TTL_MS',
      'LEAD_MIN_FILL_MS',
      'LEAD_RATE_LIMIT_IP',
      'LEAD_BOOKING_LIMIT_IP',
      'LEAD_WEBHOOK_URL',
      'SANITY_USE_CDN',
      'SESSION_SECRET',
    ];
    expect(problems.map((line) => /^[A-Z_]+/.exec(line)?.[0]).sort()).toEqual(variables.sort());
    for (const line of problems) {
      expect(line, 'Korean').toMatch(/[가-힣]/);
      expect(line, 'English').toMatch(/ \/ [a-z]/i);
      expect(line).not.toContain('\n');
    }
  });

  it.each([
    'true',
    '*',
    '0.0.0.0/0',
    '::/0',
    '10',
    'loopback, not-an-address',
    '0.0.0.0/1, 128.0.0.0/1',
    '::ffff:0:0/96',
    '8.0.0.0/8',
    '10.0.0.0/7',
    '2001:db8::/32',
    'loopback, 192.0.0.0/2',
  ])('refuses TRUST_PROXY=%j', (value) => {
    const [line] = problemsOf({ TRUST_PROXY: value });
    expect(line).toContain(`TRUST_PROXY="${value}" 값은 사용할 수 없습니다`);
    expect(line).toContain(`TRUST_PROXY="${value}" is refused`);
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toEqual([expect.stringContaining('HTTP_HEADERS_TIMEOUT_MS')]);
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '40000' }).http.headersTimeoutMs).toBe(40_000);
  });

  it('keeps the audit trail 730 days by default and refuses less than a year', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(730);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '364' })).toThrow(/AUDIT_RETENTION_DAYS="364": 접속 기록은 365일 이상 보관해야 합니다/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('ends a staff session after 30 idle minutes by default, 5 to 480 when set', () => {
    expect(loadConfig({}).admin.sessionIdleMs).toBe(30 * 60 * 1000);
    expect(loadConfig({ STAFF_SESSION_IDLE_MINUTES: '10' }).admin.sessionIdleMs).toBe(10 * 60 * 1000);
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '4' })).toThrow(/STAFF_SESSION_IDLE_MINUTES="4": 5분 이상이어야 합니다/);
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '481' })).toThrow(/STAFF_SESSION_IDLE_MINUTES="481": 480분 이하여야 합니다/);
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: 'half an hour' })).toThrow(/STAFF_SESSION_IDLE_MINUTES/);
  });

  it('limits a group message to 500 customers and estimates with SOLAPI-like prices by default; refuses bad values in Korean', () => {
    expect(loadConfig({}).groupMessages).toEqual({ maxRecipients: 500, prices: { alimtalk: 13, sms: 20, lms: 50 } });
    expect(loadConfig({ GROUP_MESSAGE_MAX_RECIPIENTS: '40', MESSAGE_PRICE_ALIMTALK: '0', MESSAGE_PRICE_LMS: '45' }).groupMessages).toEqual({
      maxRecipients: 40,
      prices: { alimtalk: 0, sms: 20, lms: 45 },
    });
    expect(() => loadConfig({ GROUP_MESSAGE_MAX_RECIPIENTS: '5001' })).toThrow(/GROUP_MESSAGE_MAX_RECIPIENTS="5001": 5000 이하여야 합니다/);
    expect(() => loadConfig({ MESSAGE_PRICE_SMS: '8.8' })).toThrow(/MESSAGE_PRICE_SMS="8.8": 0부터 1000까지의 정수\(원\)여야 합니다/);
  });

  it('refuses the leads in the public content dataset with Sanity', () => {
    const [line] = problemsOf({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'site', SANITY_LEADS_DATASET: 'site' });
    expect(line).toContain('SANITY_LEADS_DATASET');
    expect(line).toContain('must name a private dataset other than the content dataset "site"');
  });

  it('selects PostgreSQL with a postgres:// DATABASE_URL (pool of 10 by default), and refuses any other scheme without printing the URL', () => {
    expect(loadConfig({}).database).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://app:pw@db.internal:5432/site' }).database).toEqual({
      url: 'postgres://app:pw@db.internal:5432/site',
      poolMax: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/site', DATABASE_POOL_MAX: '25' }).database).toEqual({ url: 'postgresql://db/site', poolMax: 25 });
    for (const url of ['mysql://app:s3cret@db/site', './data/leads.sqlite', 'https://db.example.kr']) {
      const [line] = problemsOf({ DATABASE_URL: url });
      expect(line).toMatch(/^DATABASE_URL=.*postgres:\/\/ 또는 postgresql:\/\/ 로 시작하는 PostgreSQL 접속 주소여야 합니다/);
      expect(line).not.toContain('s3cret');
    }
    expect(problemsOf({ DATABASE_URL: 'postgres://db/site', DATABASE_POOL_MAX: '0' })).toEqual([expect.stringContaining('DATABASE_POOL_MAX')]);
  });

  it('sends no messages by default; solapi needs its key, secret, sender and channel, and https in production unless loopback', () => {
    expect(loadConfig({}).messages).toBeUndefined();
    expect(loadConfig({ MESSAGES_PROVIDER: 'off', SOLAPI_API_KEY: 'k' }).messages).toBeUndefined();
    const solapi = {
      MESSAGES_PROVIDER: 'solapi',
      SOLAPI_API_KEY: 'NCSKEY',
      SOLAPI_API_SECRET: 'shh-secret',
      SOLAPI_SENDER: '0321234567',
      KAKAO_PFID: 'KA01PF1',
    };
    expect(loadConfig(solapi).messages).toEqual({
      provider: 'solapi',
      apiKey: 'NCSKEY',
      apiSecret: 'shh-secret',
      sender: '0321234567',
      kakaoPfId: 'KA01PF1',
      apiUrl: 'https://api.solapi.com',
    });
    const [missing] = problemsOf({ MESSAGES_PROVIDER: 'solapi', SOLAPI_API_KEY: 'NCSKEY', SOLAPI_API_SECRET: 'shh-secret' });
    expect(missing).toContain('SOLAPI_SENDER, KAKAO_PFID를 모두 설정해 주세요');
    expect(missing).not.toContain('shh-secret');
    expect(problemsOf({ MESSAGES_PROVIDER: 'kakao' })).toEqual([expect.stringContaining('off 또는 solapi여야 합니다')]);
    const senderOf = (number: string) => loadConfig({ ...solapi, SOLAPI_SENDER: number }).messages?.sender;
    // Every kind of number SOLAPI registers as a 발신번호: 대표번호, landlines, 070/050x, mobiles; written with or without hyphens.
    expect(senderOf('1600-0000')).toBe('16000000');
    expect(senderOf('15881234')).toBe('15881234');
    expect(senderOf('1877-1234')).toBe('18771234');
    expect(senderOf('02-123-4567')).toBe('021234567');
    expect(senderOf('032-1234-5678')).toBe('03212345678');
    expect(senderOf('070-1234-5678')).toBe('07012345678');
    expect(senderOf('0505-1234-5678')).toBe('050512345678');
    expect(senderOf('080-123-4567')).toBe('0801234567');
    expect(senderOf('010-1234-5678')).toBe('01012345678');
    for (const notASender of ['1234-5678', '1600-000', '1600 0000', '+82-2-123-4567', '0012345678', '010-123', '112', '1600-00000']) {
      expect(problemsOf({ ...solapi, SOLAPI_SENDER: notASender }), notASender).toEqual([expect.stringContaining('발신번호')]);
    }
    const production = { NODE_ENV: 'production', ...solapi };
    const productionProblems = (url: string) => {
      try {
        return loadConfig({ ...production, SOLAPI_API_URL: url }) && [];
      } catch (error) {
        return (error as ConfigError).problems.filter((line) => line.startsWith('SOLAPI_API_URL'));
      }
    };
    expect(productionProblems('http://sms-gateway.internal')).toEqual([expect.stringContaining('운영에서는 https 주소여야 합니다')]);
    expect(productionProblems('http://127.0.0.1:4010')).toEqual([]);
    expect(productionProblems('https://api.solapi.com')).toEqual([]);
  });

  it('refuses an admin password hash that is not scrypt, or without an email', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.kr', ADMIN_PASSWORD_HASH: 'plain-text' })).toEqual([expect.stringContaining('scrypt')]);
    const hash = 'scrypt$131072$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
    expect(problemsOf({ ADMIN_PASSWORD_HASH: hash })).toEqual([expect.stringContaining('ADMIN_EMAIL')]);
  });

  it('hashes new passwords at the production scrypt cost unless a test lowers it, which production refuses', () => {
    expect(loadConfig({}).admin.passwordHashing).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(loadConfig({ NODE_ENV: 'production' }).admin.passwordHashing).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).admin.passwordHashing).toEqual({ N: 2 ** 12, r: 8, p: 1 });
    expect(problemsOf({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toEqual([expect.stringMatching(/^PASSWORD_HASH_COST="12": .*production/)]);
    expect(problemsOf({ PASSWORD_HASH_COST: '9' })).toEqual([expect.stringContaining('10–17')]);
    expect(problemsOf({ PASSWORD_HASH_COST: '18' })).toEqual([expect.stringContaining('10–17')]);
  });

  it('never prints the value of a secret it refuses (logs are read by more people than the .env)', () => {
    const secrets = {
      ADMIN_EMAIL: 'a@b.kr',
      ADMIN_PASSWORD_HASH: 'my-actual-password-typed-by-mistake',
      SESSION_SECRET: 'short-session-secret-value',
      LEAD_WEBHOOK_URL: 'hooks.example.kr/services/T00/B00/secret-path-token',
    };
    const problems = problemsOf(secrets);
    expect(problems).toHaveLength(3);
    for (const value of Object.values(secrets).slice(1)) expect(problems.join('\n')).not.toContain(value);
  });
});

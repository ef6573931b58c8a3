/**
 * The server's whole configuration, parsed and checked once at start from the environment (see
 * .env.example and the README's "Environment variables"). This is the only module of the server
 * that reads `process.env`; everything else receives the typed ServerConfig. A bad value stops
 * the start with one Korean + English line per variable.
 */
import path from 'node:path';
import * as v from 'valibot';
import { parsePasswordHash, PRODUCTION_PASSWORD_HASH_COST, scryptParametersFor, type ScryptParameters } from './auth/password';
import type { RateLimit } from './http/rate-limit';
import { trustProxySetting } from './http/trust-proxy';
import type { MessagePrices } from '../shared/group-messages';

export type SanityConfig = {
  projectId: string;
  /** The public content dataset. */
  dataset: string;
  /**
   * The old private leads dataset, read only by `npm run leads -- import-sanity` (which moves it
   * into the leads database once): the site never writes leads to Sanity.
   */
  leadsDataset: string;
  apiVersion: string;
  /** Server-only token with write access. */
  token?: string;
  /** Server-only token that reads drafts for preview (a Viewer token); unset: `token`. */
  viewerToken?: string;
  /**
   * The Studio's URL (preview): the Presentation tool may frame the site from its origin, and
   * preview strings are stega-encoded to point at it.
   */
  studioUrl?: string;
  /** API host override (tests point it at a local stub). */
  apiHost?: string;
  useCdn: boolean;
  /** How long query results are reused; unset: the content source's default. */
  cacheTtlMs?: number;
};

export type AdminConfig = {
  email?: string;
  passwordHash?: string;
  sessionSecret?: string;
  /** Extra origins allowed to send admin writes. */
  trustedOrigins: string[];
  /** Production: Secure `__Host-` cookies, whatever Host the request names. */
  secureCookies: boolean;
  /** How long a staff session lasts without a request; unset: 30 minutes. */
  sessionIdleMs?: number;
  /**
   * A 상담사's session on a device they marked at sign-in ("자주 쓰는 기기"): its idle window, and
   * its lifetime when longer than the 8 hours. Unset: no such mark is offered.
   */
  knownDeviceIdleMs?: number;
  /** scrypt parameters of new password hashes (staff accounts, password resets, the local admin). */
  passwordHashing: ScryptParameters;
};

export type LeadConfig = {
  /** Unset: created once in DATA_DIR/lead-form-secret. */
  formSecret?: string;
  minFillMs: number;
  ipLimit: RateLimit;
  phoneLimit: RateLimit;
  bookingIpLimit: RateLimit;
  /** Bookings of one visit slot per network (IPv4 /24, IPv6 /64). */
  slotNetworkLimit: RateLimit;
  webhookUrl?: string;
};

/** 알림톡/SMS to customers (MESSAGES_PROVIDER); unset: no message is sent, the send log says why. */
export type MessagesConfig = {
  provider: 'solapi';
  apiKey: string;
  apiSecret: string;
  /** The 발신번호 registered with SOLAPI (digits only). */
  sender: string;
  /** The Kakao business channel's profile id (pfId). */
  kakaoPfId: string;
  /** SOLAPI's API origin; tests point it at a stand-in. */
  apiUrl: string;
};

export type DatabaseConfig = {
  /** A PostgreSQL connection string (postgres:// or postgresql://). */
  url: string;
  /** Connections this instance's pool may open at most. */
  poolMax: number;
};

export type HttpConfig = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
};

export type ServerConfig = {
  production: boolean;
  port: number;
  host: string;
  /** Express's `trust proxy`: a hop count or the proxies' addresses/subnets; unset: no proxy. */
  trustProxy?: number | string[];
  http: HttpConfig;
  /** Page renders per client address (cache hits never count); max 0: no limit. */
  pageRenderLimit: RateLimit;
  /** Absolute. */
  dataDir: string;
  /** Unset: the view counter's default. */
  viewFlushIntervalMs?: number;
  /** Unset: the daily timers' default, a minute after start. */
  dailyPurgeFirstDelayMs?: number;
  /** New campaign-statistics combinations one address may bring a day (unset: the default, 5). */
  pageViewCombinationsPerAddress?: number;
  admin: AdminConfig;
  /** Set when SANITY_PROJECT_ID is: the site reads and writes Sanity instead of the embedded store. */
  sanity?: SanityConfig;
  sanityWebhookSecret?: string;
  leads: LeadConfig;
  messages?: MessagesConfig;
  /** Messages to customers sent per Seoul day across the site at most (staff are alerted once it is reached). */
  customerMessageDailyCap: number;
  /** Group messages (단체 문자): customers one send may choose at most, and the price per message the console estimates with. */
  groupMessages: { maxRecipients: number; prices: MessagePrices };
  /**
   * Set when DATABASE_URL is: leads, visit slots and bookings and the lead outbox live in
   * PostgreSQL (never in a Sanity dataset); unset: the embedded SQLite store (or Sanity's dataset).
   */
  database?: DatabaseConfig;
  /** How long audit records are kept before the daily purge deletes them (at least a year). */
  auditRetentionDays: number;
  /** The JSON log's threshold (pino's levels). */
  logLevel: LogLevel;
  /** Where the Prometheus metrics are served (their own listener, loopback by default); unset: not at all. */
  metrics?: { port: number; host: string };
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SESSION_SECRET_MIN_LENGTH = 32;
/** 개인정보의 안전성 확보조치 기준 §8: access records are kept at least one year. */
export const MIN_AUDIT_RETENTION_DAYS = 365;
/** The console warns 3 minutes before a session ends: a shorter window would leave no room. */
/** One group message (단체 문자) chooses at most this many customers, whatever the setting. */
const MAX_GROUP_RECIPIENTS = 5000;
const MIN_SESSION_IDLE_MINUTES = 5;
/** Never longer than a session's 8 hours. */
const MAX_SESSION_IDLE_MINUTES = 480;
/** A 상담사's own device: at most a working day (9 hours), which such a session then lasts at most. */
export const MAX_KNOWN_DEVICE_IDLE_MINUTES = 540;

/**
 * The line printed for a bad value: the variable, its value, then Korean and English. A secret's
 * value is replaced by its length: start-up errors end up in logs that more people read.
 */
/**
 * The numbers a 발신번호 can be: 전국대표번호 (15xx/16xx/18xx-xxxx), 02 and the regional landlines,
 * 070, 050x, 080 and mobiles. SOLAPI takes it as digits only, so hyphens are dropped first.
 */
const SENDER_NUMBER = /^(?:1[568]\d{6}|02\d{7,8}|0[3-6][1-5]\d{7,8}|070\d{8}|050\d{8,9}|080\d{7,8}|01[016789]\d{7,8})$/;

function problem(name: string, korean: string, english: string, { secret = false } = {}) {
  return (issue: { input: unknown }) => {
    const shown = secret ? `(${String(issue.input).length}자/characters)` : `"${String(issue.input)}"`;
    return `${name}=${shown}: ${korean} / ${english}`;
  };
}

const text = v.pipe(v.string(), v.trim());

function positiveInteger(name: string) {
  return v.pipe(v.string(), v.regex(/^[1-9]\d*$/, problem(name, '양의 정수여야 합니다', 'must be a positive integer')), v.transform(Number));
}

/** A price per message in won: a whole number from 0 to 1,000. */
function won(name: string) {
  return v.pipe(
    v.string(),
    v.regex(/^(0|[1-9]\d{0,2}|1000)$/, problem(name, '0부터 1000까지의 정수(원)여야 합니다', 'must be a whole number of won from 0 to 1000')),
    v.transform(Number),
  );
}

function milliseconds(name: string) {
  return v.pipe(
    v.string(),
    v.check(
      (value) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0,
      problem(name, '0 이상의 밀리초 수여야 합니다', 'must be a number of milliseconds, 0 or more'),
    ),
    v.transform(Number),
  );
}

function rateLimit(name: string) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+\/\d+$/, problem(name, '"횟수/초" 형식이어야 합니다 (예: 10/600)', 'must look like "10/600" (requests per seconds)')),
    v.transform((value): RateLimit => {
      const [max, seconds] = value.split('/').map(Number);
      return { max, windowMs: seconds * 1000 };
    }),
  );
}

function httpUrl(name: string, { secret = false } = {}) {
  return v.pipe(
    v.string(),
    v.check(
      (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
      problem(name, 'http(s) 주소여야 합니다', 'must be an http(s) URL', { secret }),
    ),
  );
}

const trustProxy = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => trustProxySetting(value) !== undefined,
    (issue) =>
      `TRUST_PROXY="${String(issue.input)}" 값은 사용할 수 없습니다. 앞단 프록시의 수(예: 1) 또는 프록시의 주소/대역(예: loopback, 10.0.0.0/8)을 적어 주세요. ` +
      '"true"처럼 모든 주소를 믿게 하면 누구나 X-Forwarded-For로 자기 주소를 골라 로그인 제한과 등록 제한을 피할 수 있습니다. / ' +
      `TRUST_PROXY="${String(issue.input)}" is refused. Set the number of proxies in front of the server (e.g. 1) or their addresses/subnets ` +
      '(e.g. loopback, 10.0.0.0/8). "true" trusts every address: any client could pick its own via X-Forwarded-For and escape the per-address limits.',
  ),
  v.transform((value) => trustProxySetting(value)!),
);

/** Only a PostgreSQL connection string: another scheme (a SQLite path, mysql://) is a mistake to stop at. */
const databaseUrl = v.pipe(
  text,
  v.check(
    (value) => URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol),
    (issue) => {
      const scheme = URL.canParse(String(issue.input)) ? new URL(String(issue.input)).protocol : '';
      // The value may carry a password: only its scheme is shown.
      return `DATABASE_URL=(${scheme || '주소가 아님/not a URL'}): postgres:// 또는 postgresql:// 로 시작하는 PostgreSQL 접속 주소여야 합니다 (예: postgres://app:비밀번호@db.internal:5432/cheonghak) / must be a PostgreSQL connection string starting with postgres:// or postgresql://`;
    },
  ),
);

/** Every variable the server reads; an empty value counts as unset. */
const ENVIRONMENT = v.object({
  NODE_ENV: v.optional(v.string()),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, problem('PORT', '0–65535 사이의 포트 번호여야 합니다', 'must be a port number, 0–65535')),
      v.transform(Number),
      v.maxValue(65535, problem('PORT', '0–65535 사이의 포트 번호여야 합니다', 'must be a port number, 0–65535')),
    ),
    '3000',
  ),
  HOST: v.optional(v.string(), '0.0.0.0'),
  TRUST_PROXY: v.optional(trustProxy),
  LOG_LEVEL: v.optional(
    v.picklist(LOG_LEVELS, problem('LOG_LEVEL', `${LOG_LEVELS.join(', ')} 중 하나여야 합니다`, `must be one of ${LOG_LEVELS.join(', ')}`)),
    'info',
  ),
  METRICS_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, problem('METRICS_PORT', '1–65535 사이의 포트 번호여야 합니다', 'must be a port number, 1–65535')),
      v.transform(Number),
      v.minValue(1, problem('METRICS_PORT', '1–65535 사이의 포트 번호여야 합니다', 'must be a port number, 1–65535')),
      v.maxValue(65535, problem('METRICS_PORT', '1–65535 사이의 포트 번호여야 합니다', 'must be a port number, 1–65535')),
    ),
  ),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  HTTP_HEADERS_TIMEOUT_MS: v.optional(positiveInteger('HTTP_HEADERS_TIMEOUT_MS'), '10000'),
  HTTP_REQUEST_TIMEOUT_MS: v.optional(positiveInteger('HTTP_REQUEST_TIMEOUT_MS'), '30000'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: v.optional(positiveInteger('HTTP_KEEP_ALIVE_TIMEOUT_MS'), '65000'),
  HTTP_MAX_CONNECTIONS: v.optional(positiveInteger('HTTP_MAX_CONNECTIONS'), '1000'),
  PAGE_RENDER_LIMIT_IP: v.optional(rateLimit('PAGE_RENDER_LIMIT_IP'), '300/60'),
  ADMIN_EMAIL: v.optional(text),
  ADMIN_PASSWORD_HASH: v.optional(
    v.pipe(
      text,
      v.check(
        (value) => parsePasswordHash(value) !== null,
        problem(
          'ADMIN_PASSWORD_HASH',
          'scrypt 해시가 아닙니다. `npm run staff -- create`로 만드세요',
          'is not a scrypt hash: create one with `npm run staff -- create`',
          { secret: true },
        ),
      ),
    ),
  ),
  SESSION_SECRET: v.optional(
    v.pipe(
      text,
      v.minLength(
        SESSION_SECRET_MIN_LENGTH,
        (issue) =>
          `SESSION_SECRET: ${SESSION_SECRET_MIN_LENGTH}자 이상이어야 합니다 (${String(issue.input).length}자) / must be at least ${SESSION_SECRET_MIN_LENGTH} characters`,
      ),
    ),
  ),
  TRUSTED_ORIGINS: v.optional(v.string(), ''),
  PASSWORD_HASH_COST: v.optional(
    v.pipe(
      positiveInteger('PASSWORD_HASH_COST'),
      v.minValue(10, problem('PASSWORD_HASH_COST', '10–17 사이여야 합니다', 'must be 10–17')),
      v.maxValue(PRODUCTION_PASSWORD_HASH_COST, problem('PASSWORD_HASH_COST', '10–17 사이여야 합니다', 'must be 10–17')),
    ),
    String(PRODUCTION_PASSWORD_HASH_COST),
  ),
  VIEW_FLUSH_INTERVAL_MS: v.optional(positiveInteger('VIEW_FLUSH_INTERVAL_MS')),
  DAILY_PURGE_FIRST_DELAY_MS: v.optional(milliseconds('DAILY_PURGE_FIRST_DELAY_MS')),
  PAGE_VIEW_COMBINATIONS_PER_ADDRESS: v.optional(positiveInteger('PAGE_VIEW_COMBINATIONS_PER_ADDRESS')),
  DATABASE_URL: v.optional(databaseUrl),
  DATABASE_POOL_MAX: v.optional(
    v.pipe(positiveInteger('DATABASE_POOL_MAX'), v.maxValue(1000, problem('DATABASE_POOL_MAX', '1–1000 사이여야 합니다', 'must be 1–1000'))),
    '10',
  ),
  SANITY_PROJECT_ID: v.optional(text),
  SANITY_DATASET: v.optional(text, 'production'),
  SANITY_LEADS_DATASET: v.optional(text, 'leads'),
  SANITY_API_VERSION: v.optional(text, '2025-02-19'),
  SANITY_API_TOKEN: v.optional(text),
  SANITY_VIEWER_TOKEN: v.optional(text),
  STUDIO_URL: v.optional(httpUrl('STUDIO_URL')),
  SANITY_USE_CDN: v.optional(v.picklist(['true', 'false'], problem('SANITY_USE_CDN', 'true 또는 false여야 합니다', 'must be true or false')), 'true'),
  SANITY_API_HOST: v.optional(httpUrl('SANITY_API_HOST')),
  SANITY_WEBHOOK_SECRET: v.optional(v.string()),
  CONTENT_CACHE_TTL_MS: v.optional(milliseconds('CONTENT_CACHE_TTL_MS')),
  LEAD_FORM_SECRET: v.optional(v.string()),
  LEAD_MIN_FILL_MS: v.optional(milliseconds('LEAD_MIN_FILL_MS'), '2000'),
  LEAD_RATE_LIMIT_IP: v.optional(rateLimit('LEAD_RATE_LIMIT_IP'), '30/600'),
  LEAD_RATE_LIMIT_PHONE: v.optional(rateLimit('LEAD_RATE_LIMIT_PHONE'), '5/3600'),
  LEAD_BOOKING_LIMIT_IP: v.optional(rateLimit('LEAD_BOOKING_LIMIT_IP'), '10/86400'),
  LEAD_BOOKING_LIMIT_SLOT_NETWORK: v.optional(rateLimit('LEAD_BOOKING_LIMIT_SLOT_NETWORK'), '3/3024000'),
  // Chat webhooks carry their token in the path.
  LEAD_WEBHOOK_URL: v.optional(httpUrl('LEAD_WEBHOOK_URL', { secret: true })),
  MESSAGES_PROVIDER: v.optional(v.picklist(['off', 'solapi'], problem('MESSAGES_PROVIDER', 'off 또는 solapi여야 합니다', 'must be off or solapi')), 'off'),
  SOLAPI_API_KEY: v.optional(text),
  SOLAPI_API_SECRET: v.optional(v.string()),
  SOLAPI_SENDER: v.optional(
    v.pipe(
      v.string(),
      v.transform((number) => number.replaceAll('-', '')),
      v.regex(
        SENDER_NUMBER,
        problem(
          'SOLAPI_SENDER',
          'SOLAPI에 등록한 발신번호여야 합니다 (예: 1600-0000, 032-123-4567, 010-1234-5678)',
          'must be the sender number registered with SOLAPI',
        ),
      ),
    ),
  ),
  KAKAO_PFID: v.optional(text),
  SOLAPI_API_URL: v.optional(httpUrl('SOLAPI_API_URL'), 'https://api.solapi.com'),
  MESSAGES_CUSTOMER_DAILY_CAP: v.optional(positiveInteger('MESSAGES_CUSTOMER_DAILY_CAP'), '300'),
  GROUP_MESSAGE_MAX_RECIPIENTS: v.optional(
    v.pipe(
      positiveInteger('GROUP_MESSAGE_MAX_RECIPIENTS'),
      v.maxValue(
        MAX_GROUP_RECIPIENTS,
        problem('GROUP_MESSAGE_MAX_RECIPIENTS', `${MAX_GROUP_RECIPIENTS} 이하여야 합니다`, `must be at most ${MAX_GROUP_RECIPIENTS}`),
      ),
    ),
    '500',
  ),
  MESSAGE_PRICE_ALIMTALK: v.optional(won('MESSAGE_PRICE_ALIMTALK'), '13'),
  MESSAGE_PRICE_SMS: v.optional(won('MESSAGE_PRICE_SMS'), '20'),
  MESSAGE_PRICE_LMS: v.optional(won('MESSAGE_PRICE_LMS'), '50'),
  STAFF_SESSION_IDLE_MINUTES: v.optional(
    v.pipe(
      positiveInteger('STAFF_SESSION_IDLE_MINUTES'),
      v.minValue(
        MIN_SESSION_IDLE_MINUTES,
        problem('STAFF_SESSION_IDLE_MINUTES', `${MIN_SESSION_IDLE_MINUTES}분 이상이어야 합니다`, `must be at least ${MIN_SESSION_IDLE_MINUTES} minutes`),
      ),
      v.maxValue(
        MAX_SESSION_IDLE_MINUTES,
        problem('STAFF_SESSION_IDLE_MINUTES', `${MAX_SESSION_IDLE_MINUTES}분 이하여야 합니다`, `must be at most ${MAX_SESSION_IDLE_MINUTES} minutes`),
      ),
    ),
    '30',
  ),
  STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: v.optional(
    v.pipe(
      positiveInteger('STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES'),
      v.minValue(
        MIN_SESSION_IDLE_MINUTES,
        problem(
          'STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES',
          `${MIN_SESSION_IDLE_MINUTES}분 이상이어야 합니다`,
          `must be at least ${MIN_SESSION_IDLE_MINUTES} minutes`,
        ),
      ),
      v.maxValue(
        MAX_KNOWN_DEVICE_IDLE_MINUTES,
        problem(
          'STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES',
          `${MAX_KNOWN_DEVICE_IDLE_MINUTES}분(9시간) 이하여야 합니다`,
          `must be at most ${MAX_KNOWN_DEVICE_IDLE_MINUTES} minutes (9 hours)`,
        ),
      ),
    ),
  ),
  AUDIT_RETENTION_DAYS: v.optional(
    v.pipe(
      positiveInteger('AUDIT_RETENTION_DAYS'),
      v.minValue(
        MIN_AUDIT_RETENTION_DAYS,
        problem(
          'AUDIT_RETENTION_DAYS',
          `접속 기록은 ${MIN_AUDIT_RETENTION_DAYS}일 이상 보관해야 합니다`,
          `access records must be kept at least ${MIN_AUDIT_RETENTION_DAYS} days`,
        ),
      ),
    ),
    '730',
  ),
});

type Environment = v.InferOutput<typeof ENVIRONMENT>;

function isSecureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/** The variables the server reads (.env.example and the README list exactly these, a test checks). */
export const SERVER_ENVIRONMENT_VARIABLES = Object.keys(ENVIRONMENT.entries);

const CHECKED_ENVIRONMENT = v.pipe(
  ENVIRONMENT,
  v.forward(
    v.partialCheck(
      [['HTTP_HEADERS_TIMEOUT_MS'], ['HTTP_REQUEST_TIMEOUT_MS']],
      (env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS,
      'HTTP_HEADERS_TIMEOUT_MS는 HTTP_REQUEST_TIMEOUT_MS보다 클 수 없습니다 / must not exceed HTTP_REQUEST_TIMEOUT_MS',
    ),
    ['HTTP_HEADERS_TIMEOUT_MS'],
  ),
  v.forward(
    v.partialCheck(
      [['ADMIN_EMAIL'], ['ADMIN_PASSWORD_HASH']],
      (env) => !env.ADMIN_PASSWORD_HASH || Boolean(env.ADMIN_EMAIL),
      'ADMIN_PASSWORD_HASH: ADMIN_EMAIL 없이 설정되었습니다 / is set but ADMIN_EMAIL is not',
    ),
    ['ADMIN_PASSWORD_HASH'],
  ),
  v.forward(
    v.partialCheck(
      [['STAFF_SESSION_IDLE_MINUTES'], ['STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES']],
      (env) => env.STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES === undefined || env.STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES >= env.STAFF_SESSION_IDLE_MINUTES,
      (issue) =>
        `STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES="${(issue.input as Environment).STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES}": STAFF_SESSION_IDLE_MINUTES보다 짧을 수 없습니다 / ` +
        'must not be shorter than STAFF_SESSION_IDLE_MINUTES',
    ),
    ['STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES'],
  ),
  // A cheaper hash is for tests only: in production it would make stolen hashes quick to crack.
  v.forward(
    v.partialCheck(
      [['NODE_ENV'], ['PASSWORD_HASH_COST']],
      (env) => env.NODE_ENV !== 'production' || env.PASSWORD_HASH_COST === PRODUCTION_PASSWORD_HASH_COST,
      (issue) =>
        `PASSWORD_HASH_COST="${(issue.input as Environment).PASSWORD_HASH_COST}": 운영(NODE_ENV=production)에서는 ${PRODUCTION_PASSWORD_HASH_COST}보다 낮출 수 없습니다 (테스트 전용) / ` +
        `cannot be lowered below ${PRODUCTION_PASSWORD_HASH_COST} in production (tests only)`,
    ),
    ['PASSWORD_HASH_COST'],
  ),
  // The import reads this dataset as leads: the public content dataset is never one.
  v.forward(
    v.partialCheck(
      [['SANITY_PROJECT_ID'], ['SANITY_DATASET'], ['SANITY_LEADS_DATASET']],
      (env) => !env.SANITY_PROJECT_ID || env.SANITY_LEADS_DATASET !== env.SANITY_DATASET,
      (issue) => {
        const dataset = (issue.input as Environment).SANITY_DATASET;
        return `SANITY_LEADS_DATASET="${dataset}": 콘텐츠 데이터셋과 다른 비공개 데이터셋이어야 합니다 / must name a private dataset other than the content dataset "${dataset}"`;
      },
    ),
    ['SANITY_LEADS_DATASET'],
  ),
  v.forward(
    v.partialCheck(
      [['MESSAGES_PROVIDER'], ['SOLAPI_API_KEY'], ['SOLAPI_API_SECRET'], ['SOLAPI_SENDER'], ['KAKAO_PFID']],
      (env) => env.MESSAGES_PROVIDER !== 'solapi' || Boolean(env.SOLAPI_API_KEY && env.SOLAPI_API_SECRET && env.SOLAPI_SENDER && env.KAKAO_PFID),
      'MESSAGES_PROVIDER=solapi: SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER, KAKAO_PFID를 모두 설정해 주세요 / needs SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER and KAKAO_PFID',
    ),
    ['MESSAGES_PROVIDER'],
  ),
  // The API key and signatures would cross the network in the clear; a stand-in on this machine is fine.
  v.forward(
    v.partialCheck(
      [['NODE_ENV'], ['SOLAPI_API_URL']],
      (env) => env.NODE_ENV !== 'production' || isSecureOrLoopback(env.SOLAPI_API_URL),
      (issue) =>
        `SOLAPI_API_URL="${(issue.input as Environment).SOLAPI_API_URL}": 운영에서는 https 주소여야 합니다 (이 컴퓨터의 주소 제외) / must be https in production unless loopback`,
    ),
    ['SOLAPI_API_URL'],
  ),
  v.transform(configOf),
);

function configOf(env: Environment): ServerConfig {
  const production = env.NODE_ENV === 'production';
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    ...(env.METRICS_PORT ? { metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST } } : {}),
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    pageRenderLimit: env.PAGE_RENDER_LIMIT_IP,
    dataDir: path.resolve(env.DATA_DIR),
    viewFlushIntervalMs: env.VIEW_FLUSH_INTERVAL_MS,
    dailyPurgeFirstDelayMs: env.DAILY_PURGE_FIRST_DELAY_MS,
    pageViewCombinationsPerAddress: env.PAGE_VIEW_COMBINATIONS_PER_ADDRESS,
    admin: {
      email: env.ADMIN_EMAIL,
      passwordHash: env.ADMIN_PASSWORD_HASH,
      sessionSecret: env.SESSION_SECRET,
      trustedOrigins: env.TRUSTED_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      secureCookies: production,
      sessionIdleMs: env.STAFF_SESSION_IDLE_MINUTES * 60 * 1000,
      ...(env.STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES ? { knownDeviceIdleMs: env.STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES * 60 * 1000 } : {}),
      passwordHashing: scryptParametersFor(env.PASSWORD_HASH_COST),
    },
    sanity: env.SANITY_PROJECT_ID
      ? {
          projectId: env.SANITY_PROJECT_ID,
          dataset: env.SANITY_DATASET,
          leadsDataset: env.SANITY_LEADS_DATASET,
          apiVersion: env.SANITY_API_VERSION,
          token: env.SANITY_API_TOKEN,
          viewerToken: env.SANITY_VIEWER_TOKEN,
          studioUrl: env.STUDIO_URL,
          apiHost: env.SANITY_API_HOST,
          useCdn: env.SANITY_USE_CDN === 'true',
          cacheTtlMs: env.CONTENT_CACHE_TTL_MS,
        }
      : undefined,
    sanityWebhookSecret: env.SANITY_WEBHOOK_SECRET,
    leads: {
      formSecret: env.LEAD_FORM_SECRET,
      minFillMs: env.LEAD_MIN_FILL_MS,
      ipLimit: env.LEAD_RATE_LIMIT_IP,
      phoneLimit: env.LEAD_RATE_LIMIT_PHONE,
      bookingIpLimit: env.LEAD_BOOKING_LIMIT_IP,
      slotNetworkLimit: env.LEAD_BOOKING_LIMIT_SLOT_NETWORK,
      webhookUrl: env.LEAD_WEBHOOK_URL,
    },
    messages:
      env.MESSAGES_PROVIDER === 'solapi'
        ? {
            provider: 'solapi',
            apiKey: env.SOLAPI_API_KEY ?? '',
            apiSecret: env.SOLAPI_API_SECRET ?? '',
            sender: env.SOLAPI_SENDER ?? '',
            kakaoPfId: env.KAKAO_PFID ?? '',
            apiUrl: env.SOLAPI_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    customerMessageDailyCap: env.MESSAGES_CUSTOMER_DAILY_CAP,
    groupMessages: {
      maxRecipients: env.GROUP_MESSAGE_MAX_RECIPIENTS,
      prices: { alimtalk: env.MESSAGE_PRICE_ALIMTALK, sms: env.MESSAGE_PRICE_SMS, lms: env.MESSAGE_PRICE_LMS },
    },
    database: env.DATABASE_URL ? { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX } : undefined,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(['환경 변수 설정이 잘못되어 시작하지 않습니다 / Not starting: invalid environment variables', ...problems].join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * The configuration is valid, but this instance must not run with it now (another instance on the
 * same database holds what it would need alone): not starting, with one Korean + English line.
 */
export class StartRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefusedError';
  }
}

/** The configuration from `env`, or a ConfigError listing each bad variable once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(CHECKED_ENVIRONMENT, set, { abortPipeEarly: true });
  if (result.success) return result.output;
  const byVariable = new Map<string, string>();
  for (const issue of result.issues) {
    const variable = String(issue.path?.[0]?.key ?? '');
    if (!byVariable.has(variable)) byVariable.set(variable, issue.message);
  }
  throw new ConfigError([...byVariable.values()]);
}

/** loadConfig for a process entry point: a bad environment prints its problems and exits 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): ServerConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Every setting an operator can give, read once at boot from the environment. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('corkboard:'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Corkboard <no-reply@localhost>'),
  DEMO: z.enum(['on', 'off']).default('on'),
  DEMO_SEED: z.string().trim().min(1).max(100).default('corkboard'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  /** A LibreTranslate-compatible service that translates comments; unset hides the translate button. */
  TRANSLATE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSLATE_API_KEY: z.string().min(1).max(200).optional(),
  /** Tests and local development only: lets the outbound fetcher reach private and loopback addresses. */
  OUTBOUND_ALLOW_PRIVATE: z.stringbool().default(false),
  /** Visual search scans up to this many pictures exactly; beyond, it asks an HNSW index (docs/decisions/0025-visual-ann-index.md). */
  VISUAL_EXACT_SCAN_UP_TO: z.coerce.number().int().min(0).default(100_000),
  /** Where that index lives: each node's memory, or PostgreSQL with pgvector (docs/decisions/0032-pgvector-visual-index.md). */
  VISUAL_INDEX: z.enum(['memory', 'pgvector']).default('memory'),
  /** Usernames of the members who run the instance (the Today screen), separated by commas or spaces. */
  OPERATORS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((name) => name.toLowerCase()),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9_]{1,30}$/, 'Each operator is a username'))),
  /** How many days the event log keeps events (docs/decisions/0033). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  /** Development and tests: every answer is checked against its call's contract, and a mismatch is a 500 (docs/decisions/0034). */
  CHECK_ANSWERS: z.stringbool().default(false),
  /** Experiment groups every viewer is in, as name=group pairs separated by commas or spaces (docs/decisions/0029). */
  EXPERIMENTS: z
    .string()
    .default('')
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9_]{1,64}=[a-z0-9_]{1,64}$/, 'Each experiment is name=group'))),
  /** Who push services may contact about this instance's pushes (mailto: or https:); defaults to an https PUBLIC_URL, else MAIL_FROM. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT is a mailto: or https: address')
    .optional(),
  /** How long news waits to be seen in the app before it is mailed (docs/decisions/0053). */
  NEWS_MAIL_DELAY_MINUTES: z.coerce.number().min(0).max(10_080).default(15),
  /** A member gets at most one news digest mail per this many minutes. */
  NEWS_DIGEST_PERIOD_MINUTES: z.coerce.number().min(0).max(10_080).default(60),
  /** A secret that opens /metrics from anywhere as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
  /** Addresses and CIDR ranges that may read /metrics without the token; unset means loopback only. */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1,::1')
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().refine(isAddressOrRange, 'Each entry is an IP address or a CIDR range'))),
  /** Admission control (docs/decisions/0037): 0 turns a check off. */
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(200),
  ADMISSION_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  ADMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(0),
  ADMISSION_MIN_IN_FLIGHT: z.coerce.number().int().min(0).default(32),
  ADMISSION_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(5000).default(100),
  /** Live streams (docs/decisions/0049): a comment line this often keeps proxies from closing an idle stream. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).default(20_000),
  /** A stream ends after this long; the browser reconnects from its last position. */
  LIVE_STREAM_MAX_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10 * 60_000),
});

/** `10.0.0.7`, `::1`, `10.0.0.0/8` or `fd00::/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = z.input<typeof EnvSchema>;

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    port,
    host: env.HOST,
    dataDir,
    publicUrl,
    /** Secure cookies with the __Host- prefix need https; plain http on a LAN must still work. */
    secureCookies: publicUrl.protocol === 'https:',
    database: env.DATABASE_URL ? { kind: 'postgres' as const, url: env.DATABASE_URL } : { kind: 'sqlite' as const, file: path.join(dataDir, 'corkboard.db') },
    redisUrl: env.REDIS_URL,
    /** Every Redis key starts with this, so several instances (or test runs) can share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    blob: env.S3_BUCKET
      ? {
          kind: 's3' as const,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk' as const, dir: path.join(dataDir, 'media') },
    mail: env.SMTP_URL
      ? { kind: 'smtp' as const, url: env.SMTP_URL, from: env.MAIL_FROM }
      : { kind: 'outbox' as const, dir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM },
    demo: env.DEMO === 'on',
    /** The same seed makes the same demo world (people, boards, pictures, graph) on any machine. */
    demoSeed: env.DEMO_SEED,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    /** Fetches of user-given URLs (docs/decisions/0010-outbound-fetch.md). */
    outbound: { allowPrivateAddresses: env.OUTBOUND_ALLOW_PRIVATE },
    /** Comment translation (src/server/ports/translate/). */
    translate: env.TRANSLATE_URL ? { url: new URL(env.TRANSLATE_URL), apiKey: env.TRANSLATE_API_KEY } : null,
    visualSearch: { exactScanUpTo: env.VISUAL_EXACT_SCAN_UP_TO, index: env.VISUAL_INDEX },
    /** Members who curate Today's articles and add topics (docs/decisions/0024-discovery-pages.md). */
    operators: new Set(env.OPERATORS),
    eventRetentionDays: env.EVENT_RETENTION_DAYS,
    /** Check every answer against its contract (tests and development; costs a parse per answer). */
    checkAnswers: env.CHECK_ANSWERS,
    /** The bootstrap's active experiments: experiment name → group. */
    experiments: Object.fromEntries(env.EXPERIMENTS.map((pair) => pair.split('=') as [string, string])),
    /** News by push and email (docs/decisions/0053-push-and-email.md). */
    news: {
      vapidSubject: env.VAPID_SUBJECT ?? (publicUrl.protocol === 'https:' ? publicUrl.origin : `mailto:${addressOf(env.MAIL_FROM)}`),
      mailDelayMs: env.NEWS_MAIL_DELAY_MINUTES * 60_000,
      digestPeriodMs: env.NEWS_DIGEST_PERIOD_MINUTES * 60_000,
    },
    /** Who may read /metrics (http/metrics-access.ts). */
    metrics: { token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW },
    /** When to answer 503 instead of queueing a request (docs/decisions/0037-admission-control.md). */
    admission: {
      maxEventLoopDelayMs: env.ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: env.ADMISSION_MAX_EVENT_LOOP_UTILIZATION,
      maxInFlight: env.ADMISSION_MAX_IN_FLIGHT,
      minInFlight: env.ADMISSION_MIN_IN_FLIGHT,
      sampleIntervalMs: env.ADMISSION_SAMPLE_INTERVAL_MS,
    },
    /** Live streams: heartbeat and the longest a stream stays open (docs/decisions/0049). */
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, streamMaxMs: env.LIVE_STREAM_MAX_MS },
  };
}

/** The address of a From like `Corkboard <no-reply@example.org>`. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  if (settings.S3_BUCKET && !(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (settings.VISUAL_INDEX === 'pgvector' && !settings.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  VISUAL_INDEX=pgvector needs DATABASE_URL (PostgreSQL with the pgvector extension)');
  }
  return toConfig(settings);
}

/** The subset of the configuration that may reach the browser. */
export function publicConfig(config: Config) {
  return { publicUrl: config.publicUrl.origin };
}

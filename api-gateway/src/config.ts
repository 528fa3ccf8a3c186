import { resolve } from 'node:path';
import { loadNotificationConfig, parseDailyRunAt, parseHeapGrowingPercent, type NotificationConfig } from '@fpa/projections';
import { parseCorsOrigins } from './cross-site.ts';
import { DEFAULT_RETENTION_YEARS } from '@fpa/write-model/validation';
import { billingConfig, type BillingConfig } from './billing/billing.config.ts';
import { assistantModelConfig, type AssistantModelConfig } from './assistant/assistant.config.ts';

export type Config = {
  port: number;
  host: string;
  nodeEnv: string;
  isProduction: boolean;
  /** PGlite's folder (and the master-key file's) when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | null;
  /**
   * READ_DATABASE_URL: a streaming replica of DATABASE_URL that the gateway's queries read (issue #28);
   * commands, the event log, sessions and the workers stay on the primary. PostgreSQL only.
   */
  readDatabaseUrl: string | null;
  /** KurrentDB / EventStoreDB holds the events instead of PostgreSQL (keys, sessions, read models stay there). */
  eventStoreUrl: string | null;
  dataKey: string | null;
  /** PUBLIC_URL as configured: where users reach this server (null when unset). */
  publicUrl: string | null;
  /**
   * The base of links sent by e-mail (password reset): PUBLIC_URL, else http://localhost:PORT.
   * Never the request's Host header, which anyone can set.
   */
  linkBase: string;
  /**
   * CORS_ORIGINS (comma-separated): other origins whose pages may call this API with the user's
   * cookie. Empty by default: same-origin only.
   */
  corsOrigins: string[];
  /**
   * GraphQL introspection and field suggestions: on in development; in production only with
   * GRAPHQL_INTROSPECTION=on (the web app needs neither: its types come from schema.graphql).
   */
  graphqlIntrospection: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  superAdmin: { username: string; password: string; email: string } | null;
  /** 'off' when projection workers run in their own processes. */
  projections: 'on' | 'off';
  logLevel: string;
  webDist: string;
  maxBodyBytes: number;
  readYourWritesTimeoutMs: number;
  /** POPIA: years personal data is kept after the last financial event before it may be erased. */
  retentionYears: number;
  /** Where uploaded files go: a folder (default `${DATA_DIR}/objects`) or an S3-compatible bucket. */
  objectStore: ObjectStoreConfig;
  /** The payment provider of subscription checkouts (billing/billing.config.ts). */
  billing: BillingConfig;
  /** Where the Enterprise plan's Contact Sales button writes to (a mailto link); unset: a message instead. */
  salesEmail: string | null;
  /** The language model the assistant asks first (assistant/assistant.config.ts); null: built-in answers only. */
  assistantModel: AssistantModelConfig | null;
  /** DAILY_RUN_AT: when the calendar's daily run starts by itself ('HH:MM' South African time), null when off. */
  dailyRunAt: string | null;
  /** The providers that send the notifications outbox (SMS_PROVIDER, SMTP_URL, ...); none by default. */
  notifications: NotificationConfig;
  /** HEAP_GROWING_PERCENT: how far V8's heap may grow past the live set between full collections (0: V8 decides). */
  heapGrowingPercent: number;
};

export type ObjectStoreConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * An S3-compatible bucket when S3_BUCKET or S3_ENDPOINT is set (then the bucket and keys are
 * required, and a half-configured store stops the start), else the local folder.
 */
function objectStoreConfig(env: NodeJS.ProcessEnv, dataDir: string): ObjectStoreConfig {
  const bucket = env.S3_BUCKET?.trim();
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!bucket && !endpoint) return { kind: 'local', dir: resolve(`${dataDir}/objects`) };
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`Uploads go to S3 when S3_BUCKET or S3_ENDPOINT is set; also set ${missing.join(', ')}.`);
  const region = env.S3_REGION?.trim() || 'us-east-1';
  return {
    kind: 's3',
    endpoint: endpoint || `https://s3.${region}.amazonaws.com`,
    bucket: bucket!,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  // Without SMTP_URL (production too: `npm ci && npm start` must work with no configuration) reset
  // links go to the server log, and the server says so at start.
  const smtpUrl = env.SMTP_URL?.trim() || null;
  const superAdmin =
    env.SUPER_ADMIN_USERNAME && env.SUPER_ADMIN_PASSWORD
      ? {
          username: env.SUPER_ADMIN_USERNAME,
          password: env.SUPER_ADMIN_PASSWORD,
          email: env.SUPER_ADMIN_EMAIL ?? `${env.SUPER_ADMIN_USERNAME}@localhost`,
        }
      : null;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const readDatabaseUrl = env.READ_DATABASE_URL?.trim() || null;
  if (readDatabaseUrl && !databaseUrl) {
    throw new Error(
      'READ_DATABASE_URL is a PostgreSQL streaming replica of DATABASE_URL; without DATABASE_URL the data is in the embedded PGlite, which has no replica. Set DATABASE_URL, or unset READ_DATABASE_URL.',
    );
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    isProduction,
    dataDir,
    databaseUrl,
    readDatabaseUrl,
    eventStoreUrl: env.EVENTSTORE_URL?.trim() || null,
    dataKey: env.DATA_KEY?.trim() || null,
    publicUrl,
    linkBase: publicUrl ?? `http://localhost:${port}`,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION?.trim() ? env.GRAPHQL_INTROSPECTION.trim().toLowerCase() === 'on' : !isProduction,
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Funeral Policy Admin <no-reply@localhost>',
    superAdmin,
    projections: env.PROJECTIONS === 'off' ? 'off' : 'on',
    logLevel: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 1024 * 1024),
    readYourWritesTimeoutMs: Number(env.READ_YOUR_WRITES_TIMEOUT_MS ?? 5000),
    retentionYears: retentionYears(env.POPIA_RETENTION_YEARS),
    objectStore: objectStoreConfig(env, dataDir),
    billing: billingConfig(env, isProduction),
    salesEmail: env.SALES_EMAIL?.trim() || null,
    assistantModel: assistantModelConfig(env),
    dailyRunAt: parseDailyRunAt(env.DAILY_RUN_AT),
    notifications: loadNotificationConfig(env),
    heapGrowingPercent: parseHeapGrowingPercent(env.HEAP_GROWING_PERCENT),
  };
}

function retentionYears(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RETENTION_YEARS;
  const years = Number(value);
  if (!Number.isFinite(years) || years < 0) throw new Error(`POPIA_RETENTION_YEARS must be a number of years (0 or more), not "${value}"`);
  return years;
}

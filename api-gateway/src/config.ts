import { resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  nodeEnv: string;
  isProduction: boolean;
  /** PGlite's folder (and the master-key file's) when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | null;
  dataKey: string | null;
  /** Base of links sent by e-mail; the request's own origin when unset. */
  publicUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  superAdmin: { username: string; password: string; email: string } | null;
  /** 'off' when projection workers run in their own processes. */
  projections: 'on' | 'off';
  logLevel: string;
  webDist: string;
  maxBodyBytes: number;
  readYourWritesTimeoutMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (isProduction && !smtpUrl) {
    throw new Error('NODE_ENV=production needs SMTP_URL: password-reset links are sent by e-mail in production.');
  }
  const superAdmin =
    env.SUPER_ADMIN_USERNAME && env.SUPER_ADMIN_PASSWORD
      ? {
          username: env.SUPER_ADMIN_USERNAME,
          password: env.SUPER_ADMIN_PASSWORD,
          email: env.SUPER_ADMIN_EMAIL ?? `${env.SUPER_ADMIN_USERNAME}@localhost`,
        }
      : null;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    isProduction,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    dataKey: env.DATA_KEY?.trim() || null,
    publicUrl: env.PUBLIC_URL?.trim() || null,
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Funeral Policy Admin <no-reply@localhost>',
    superAdmin,
    projections: env.PROJECTIONS === 'off' ? 'off' : 'on',
    logLevel: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 1024 * 1024),
    readYourWritesTimeoutMs: Number(env.READ_YOUR_WRITES_TIMEOUT_MS ?? 5000),
  };
}

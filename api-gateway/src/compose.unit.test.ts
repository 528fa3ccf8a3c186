import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config.ts';
import { loadWorkerConfig } from '../../projections/src/worker/worker.config.ts';

/**
 * docker-compose.yml and the Dockerfiles checked against the code, so they cannot drift: every
 * variable the compose file sets is one the process's config module reads, the values it gives make
 * a valid configuration, each service has a health check, named volumes are declared, and the
 * docs/configuration.md documents every variable. `docker compose config` itself runs when a compose binary is here.
 */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
type Service = {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** What docker compose makes of ${VAR:-default} and ${VAR:?message} when the operator sets only the required ones. */
function interpolate(value: string | number, given: Record<string, string>): string {
  // Innermost first, as compose does for a default that holds another variable (DATABASE_URL's).
  let text = String(value);
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^{}]*))?\}/, (_all, name: string, op?: string, rest?: string) => {
      if (given[name] !== undefined) return given[name];
      if (op === '?') throw new Error(`${name} is required: ${rest}`);
      return op === '-' ? (rest ?? '') : '';
    });
  }
  return text;
}

function environment(service: Service, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(value, given)]));
}

/** Runs a config loader on an env that records which variables it reads. */
function readsOf(load: (env: NodeJS.ProcessEnv) => unknown, env: Record<string, string>): Set<string> {
  const seen = new Set<string>();
  load(new Proxy(env, { get: (target, key) => (typeof key === 'string' && seen.add(key), target[key as string]) }));
  return seen;
}

const required = { DATA_KEY: Buffer.alloc(32, 7).toString('base64'), SMTP_URL: 'smtp://mail.example.com:587' };
// Every optional variable set too, to reach the branches that read the rest (S3, PayFast).
const everything = {
  ...required,
  S3_BUCKET: 'docs',
  S3_ENDPOINT: 'http://minio:9000',
  S3_REGION: 'af-south-1',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: 'key',
  PAYFAST_PASSPHRASE: 'phrase',
  EVENTSTORE_URL: 'esdb://kurrentdb:2113?tls=false',
  READ_DATABASE_URL: 'postgres://fpa:fpa@postgres-replica:5432/fpa',
  SUPER_ADMIN_USERNAME: 'platform',
  SUPER_ADMIN_PASSWORD: 'a long secret',
  SUPER_ADMIN_EMAIL: 'ops@example.co.za',
};

describe('docker-compose.yml', () => {
  it('has PostgreSQL with a volume, KurrentDB and a read replica behind profiles, workers and a gateway, each with a health check', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual([
      'gateway',
      'kurrentdb',
      'pgaf-monitor',
      'pgaf-node1',
      'pgaf-node2',
      'postgres',
      'postgres-replica',
      'worker',
    ]);
    // Issue #28 §2: pg_auto_failover's monitor and two nodes behind the failover profile, each with its volume.
    for (const name of ['pgaf-monitor', 'pgaf-node1', 'pgaf-node2']) {
      expect(services[name]?.profiles, name).toEqual(['failover']);
      expect(services[name]?.volumes, name).toContain(`${name}:/var/lib/postgresql`);
    }
    expect(String((services['pgaf-monitor'] as { command?: unknown }).command)).toMatch(/pg_autoctl create monitor[\s\S]*pg_autoctl run/);
    expect(String((services['pgaf-node2'] as { command?: unknown }).command)).toMatch(/pg_autoctl create postgres[\s\S]*pg_autoctl run/);
    expect(services.kurrentdb?.profiles).toEqual(['kurrentdb']);
    // Issue #28: the replica is the official image copied from postgres with pg_basebackup -R, its own volume.
    const replica = services['postgres-replica']!;
    expect(replica.profiles).toEqual(['replica']);
    expect(replica.image).toBe(services.postgres?.image);
    expect(String((replica as { command?: unknown }).command)).toMatch(/pg_basebackup -h postgres .*-R/);
    expect(replica.volumes).toContain('pgreplica:/var/lib/postgresql/data');
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, `${name} health check`).toBeTruthy();
    expect(services.postgres?.volumes).toContain('pgdata:/var/lib/postgresql/data');
    const used = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0]!)
      .filter((v) => !v.startsWith('./'));
    // Bind mounts are files of this repository.
    for (const mount of Object.values(services).flatMap((s) => s.volumes ?? []))
      if (mount.startsWith('./')) expect(existsSync(new URL(mount.split(':')[0]!, root)), mount).toBe(true);
    for (const volume of used) expect(Object.keys(compose.volumes), `volume ${volume}`).toContain(volume);
    expect(services.gateway?.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      worker: { condition: 'service_healthy' },
    });
    expect(services.worker?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });

  it('gives the gateway only variables its config reads, and a valid production configuration with projections off', () => {
    const gateway = compose.services.gateway!;
    const config = loadConfig(environment(gateway, required));
    expect(config).toMatchObject({
      nodeEnv: 'production',
      projections: 'off',
      databaseUrl: 'postgres://fpa:fpa@postgres:5432/fpa',
      eventStoreUrl: null,
    });
    const scenarios = [required, everything, { ...required, PAYMENT_SANDBOX: 'on' }];
    const reads = new Set(scenarios.flatMap((given) => [...readsOf(loadConfig, environment(gateway, given))]));
    for (const key of Object.keys(gateway.environment ?? {})) expect(reads.has(key), `the gateway's config reads ${key}`).toBe(true);
    expect(loadConfig(environment(gateway, everything)).eventStoreUrl).toBe(everything.EVENTSTORE_URL);
    expect(loadConfig(environment(gateway, required)).readDatabaseUrl).toBeNull();
    expect(loadConfig(environment(gateway, everything)).readDatabaseUrl).toBe(everything.READ_DATABASE_URL);
    // The failover profile's multi-host URL, given to the gateway and the workers alike.
    const failover = { ...required, DATABASE_URL: 'postgres://fpa@pgaf-node1:5432,pgaf-node2:5432/fpa?target_session_attrs=read-write' };
    expect(loadConfig(environment(gateway, failover)).databaseUrl).toBe(failover.DATABASE_URL);
    expect(loadWorkerConfig(environment(compose.services.worker!, failover)).databaseUrl).toBe(failover.DATABASE_URL);
  });

  it('gives the workers only variables the worker config reads, and the same database and key as the gateway', () => {
    const worker = compose.services.worker!;
    const env = environment(worker, required);
    const config = loadWorkerConfig(env);
    expect(config).toMatchObject({
      databaseUrl: loadConfig(environment(compose.services.gateway!, required)).databaseUrl,
      port: 3001,
      dataKey: required.DATA_KEY,
    });
    const reads = readsOf(loadWorkerConfig, env);
    for (const key of Object.keys(worker.environment ?? {})) expect(reads.has(key), `the worker's config reads ${key}`).toBe(true);
    expect(String(worker.healthcheck?.test)).toContain(`:${config.port}/healthz`);
  });

  it('has every variable it sets documented in docs/configuration.md', () => {
    const readme = read('docs/configuration.md');
    // The pg_auto_failover services' variables are pg_autoctl's and PostgreSQL's own (PGDATA, PGUSER, ...).
    const keys = new Set(
      Object.entries(compose.services)
        .filter(([name]) => !name.startsWith('pgaf-'))
        .flatMap(([, s]) => Object.keys(s.environment ?? {}))
        .filter((k) => !k.startsWith('POSTGRES_') && !k.startsWith('KURRENTDB_')),
    );
    for (const key of keys) expect(readme, `docs/configuration.md documents ${key}`).toMatch(new RegExp(`\`${key}\``));
  });

  it('builds each process from a multi-stage Dockerfile with production dependencies only, as a non-root user', () => {
    for (const name of ['gateway', 'worker']) {
      const build = compose.services[name]!.build!;
      const file = typeof build === 'string' ? 'Dockerfile' : (build.dockerfile ?? 'Dockerfile');
      const text = read(file);
      expect(text.match(/^FROM /gm)?.length, `${file} stages`).toBeGreaterThanOrEqual(2);
      expect(text).toContain('npm ci --omit=dev');
      expect(text).toMatch(/^USER node$/m);
      const entry = /CMD \[.*"([^"]+\.ts)"\]/.exec(text)?.[1];
      expect(entry && existsSync(new URL(entry, root)), `${file} runs ${entry}`).toBe(true);
    }
  });

  const composeBinary = ['docker-compose', 'docker'].find((bin) => {
    try {
      execFileSync(bin, bin === 'docker' ? ['compose', 'version'] : ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  it.skipIf(!composeBinary)(`parses with ${composeBinary ?? 'docker compose (not installed here: skipped)'} config`, () => {
    const args =
      composeBinary === 'docker'
        ? ['compose', '--profile', 'kurrentdb', '--profile', 'replica', 'config', '-q']
        : ['--profile', 'kurrentdb', '--profile', 'replica', 'config', '-q'];
    execFileSync(composeBinary!, args, { cwd: root, env: { ...process.env, ...required }, stdio: 'pipe' });
  });
});

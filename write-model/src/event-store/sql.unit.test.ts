import { describe, expect, it } from 'vitest';
import { databaseUnavailable, reconnectDelaySeconds, targetSessionAttrs, unixSocket } from './sql.ts';

describe('the SQL port on a failover pair (issue #28)', () => {
  it('asks postgres.js for the primary when a URL wants read-write: its read-write would keep a hot standby', () => {
    expect(targetSessionAttrs('postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write')).toBe('primary');
    expect(targetSessionAttrs('postgres://u@h1:5432,h2:5433/db?sslmode=disable&target_session_attrs=primary')).toBe('primary');
    expect(targetSessionAttrs('postgres://u@h1:5432/db')).toBeNull();
    expect(targetSessionAttrs('postgres://u@h1:5432,h2:5433/db?target_session_attrs=any')).toBeNull();
  });

  it('tells a failover (lost, refused, a standby, a server starting) from other errors', () => {
    const error = (code: string, severity?: string) => Object.assign(new Error(code), { code, ...(severity ? { severity } : {}) });
    for (const code of [
      'CONNECTION_CLOSED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      'ECONNREFUSED',
      'ECONNRESET',
      '08006',
      '57P01',
      '57P03',
      '25006',
    ])
      expect(databaseUnavailable(error(code)), code).toBe(true);
    expect(databaseUnavailable(error('XX000', 'FATAL'))).toBe(true);
    for (const code of ['23505', '40001', '42P01', 'P0001']) expect(databaseUnavailable(error(code, 'ERROR')), code).toBe(false);
    expect(databaseUnavailable(new TypeError('x'))).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
  });

  it('waits at most a second between a connection’s attempts, so it finds the new primary soon after the promotion', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 50].map(reconnectDelaySeconds)).toEqual([0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1]);
  });
});

describe('a local server through its Unix socket (issue #26)', () => {
  it("takes libpq's host=/directory from the URL: the socket named for the port, the parameter kept from the server", () => {
    expect(unixSocket('postgres://fpa@localhost/fpa?host=/var/run/postgresql')).toEqual({
      url: 'postgres://fpa@localhost/fpa',
      path: '/var/run/postgresql/.s.PGSQL.5432',
    });
    expect(unixSocket('postgres://fpa:secret@localhost:5433/fpa?sslmode=disable&host=/tmp/')).toEqual({
      url: 'postgres://fpa:secret@localhost:5433/fpa?sslmode=disable',
      path: '/tmp/.s.PGSQL.5433',
    });
  });

  it('leaves a TCP URL alone', () => {
    expect(unixSocket('postgres://fpa@127.0.0.1:5432/fpa')).toBeNull();
    expect(unixSocket('postgres://fpa@db.example.com/fpa?host=db2.example.com')).toBeNull();
  });
});

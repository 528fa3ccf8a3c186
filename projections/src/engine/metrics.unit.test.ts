import { describe, expect, it } from 'vitest';
import { formatProjectionMetrics } from './metrics.ts';
import { validateProjectors } from './schema.ts';
import type { Projector, ProjectorStatus } from './types.ts';

const status = (overrides: Partial<ProjectorStatus>): ProjectorStatus => ({
  name: 'members_list',
  version: 1,
  activeVersion: 1,
  generation: 1,
  checkpoint: null,
  head: null,
  eventsBehind: 0,
  eventsBehindCapped: false,
  lastError: null,
  rebuilding: null,
  parked: 0,
  ...overrides,
});

describe('formatProjectionMetrics', () => {
  it('writes one gauge line per projector and metric, with HELP and TYPE once', () => {
    const text = formatProjectionMetrics([
      status({ eventsBehind: 12, lastError: 'boom', parked: 2 }),
      status({ name: 'claims_list', generation: 3, rebuilding: { generation: 4, checkpoint: null } }),
    ]);
    expect(text).toContain('# TYPE projection_lag_events gauge\n');
    expect(text).toContain('projection_lag_events{projector="members_list"} 12\n');
    expect(text).toContain('projection_lag_events{projector="claims_list"} 0\n');
    expect(text).toContain('projection_failing{projector="members_list"} 1\n');
    expect(text).toContain('projection_generation{projector="claims_list"} 3\n');
    expect(text).toContain('projection_rebuilding{projector="claims_list"} 1\n');
    expect(text).toContain('projection_parked_events{projector="members_list"} 2\n');
    expect(text).toContain('projection_parked_events{projector="claims_list"} 0\n');
    expect(text.match(/# HELP projection_lag_events/g)).toHaveLength(1);
  });
});

describe('validateProjectors', () => {
  const projector = (name: string, tables: string[]): Projector => ({
    name,
    version: 1,
    handles: ['Anything'],
    tables,
    init: async () => {},
    apply: async () => {},
  });

  it('accepts distinct lower-case names and tables', () => {
    const projectors = [projector('members_list', ['members']), projector('claims', ['claims'])];
    expect(() => validateProjectors(projectors)).not.toThrow();
  });

  it('refuses names that cannot be schema names, shared tables and engine tables', () => {
    expect(() => validateProjectors([projector('Members', ['m'])])).toThrow(/must match/);
    expect(() => validateProjectors([projector('a', ['t']), projector('b', ['t'])])).toThrow(/belongs to both/);
    expect(() => validateProjectors([projector('a', ['x']), projector('a', ['y'])])).toThrow(/Two projectors/);
    expect(() => validateProjectors([projector('a', ['projection_checkpoints'])])).toThrow(/not a usable table name/);
  });
});

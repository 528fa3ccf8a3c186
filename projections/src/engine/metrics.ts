import type { ProjectorStatus } from './types.ts';

/**
 * Prometheus text exposition of projector health, for a /metrics route:
 * projection_lag_events{projector="members_list"} 0
 */
const METRICS: { name: string; help: string; value(status: ProjectorStatus): number }[] = [
  {
    name: 'projection_lag_events',
    help: 'Handled events after the projector checkpoint (counted up to a limit).',
    value: (s) => s.eventsBehind,
  },
  {
    name: 'projection_generation',
    help: 'Active read-model generation (schema rm_<projector>_g<n>).',
    value: (s) => s.generation ?? 0,
  },
  {
    name: 'projection_failing',
    help: '1 while the projector has an unresolved error.',
    value: (s) => (s.lastError ? 1 : 0),
  },
  {
    name: 'projection_parked_events',
    help: 'Events the projector could not apply and set aside (open until a rebuild applies them).',
    value: (s) => s.parked,
  },
  {
    name: 'projection_rebuilding',
    help: '1 while a new generation is being built.',
    value: (s) => (s.rebuilding ? 1 : 0),
  },
];

function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export function formatProjectionMetrics(statuses: readonly ProjectorStatus[]): string {
  const lines: string[] = [];
  for (const metric of METRICS) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} gauge`);
    for (const status of statuses) {
      lines.push(`${metric.name}{projector="${label(status.name)}"} ${metric.value(status)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

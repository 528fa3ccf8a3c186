import { formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Cell, DataTable } from '../../ui/DataTable';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import type { AgentControls } from './AgentCard';
import { AGENT_STATUS_LABELS, AGENT_STATUS_TONES, agentName, formatRate, randFromNumber, toggleLabel } from './agentFigures';
import type { Agent } from './agents.operations';
import * as styles from './agents.css';

const COLUMNS = ['Agent', 'Contact', 'Region', 'Commission', 'Sales / Target', 'Clients', 'Status'] as const;

export type AgentsTableProps = {
  agents: readonly Agent[];
  /** The controls of one row; null when the viewer may only look (an agent's Team Performance). */
  controlsFor: ((agent: Agent) => AgentControls) | null;
};

export function AgentsTable({ agents, controlsFor }: AgentsTableProps) {
  const columns = controlsFor ? ['Select', ...COLUMNS, 'Actions'] : COLUMNS;
  return (
    <DataTable caption="Agents" columns={columns}>
      {agents.map((agent) => {
        const controls = controlsFor?.(agent);
        const name = agentName(agent);
        return (
          <tr key={agent.id}>
            {controls && (
              <Cell label="Select">
                <Checkbox isSelected={controls.selected} onChange={controls.onSelect}>
                  <span className={visuallyHidden}>Select {name}</span>
                </Checkbox>
              </Cell>
            )}
            <Cell label="Agent" lead>
              <span>
                <span className={styles.strong}>{name}</span>
                <span className={styles.secondary}>{agent.agentId}</span>
              </span>
            </Cell>
            <Cell label="Contact">
              <span>
                {agent.email}
                <span className={styles.secondary}>{agent.phone}</span>
              </span>
            </Cell>
            <Cell label="Region">{agent.region || <span className={styles.muted}>—</span>}</Cell>
            <Cell label="Commission" className={styles.number}>
              {formatRate(agent.commissionRate)}
            </Cell>
            <Cell label="Sales / Target" className={styles.number}>
              <span>
                {formatRand(agent.salesThisMonth)}
                <span className={styles.secondary}>of {formatRand(randFromNumber(agent.salesTarget))} this month</span>
              </span>
            </Cell>
            <Cell label="Clients" className={styles.number}>
              {agent.clientsOnboarded}
            </Cell>
            <Cell label="Status">
              <Badge tone={AGENT_STATUS_TONES[agent.status]}>{AGENT_STATUS_LABELS[agent.status]}</Badge>
            </Cell>
            {controls && (
              <Cell label="Actions">
                <span className={styles.rowActions}>
                  <Button variant="secondary" size="sm" onPress={controls.onEdit} aria-label={`Edit ${name}`}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onPress={controls.onToggleStatus}
                    isDisabled={controls.isPending}
                    aria-label={`${toggleLabel(agent.status)} ${name}`}
                  >
                    {toggleLabel(agent.status)}
                  </Button>
                </span>
              </Cell>
            )}
          </tr>
        );
      })}
    </DataTable>
  );
}

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

const COLUMNS = ['Agent', 'Agent ID', 'Contact', 'Region', 'Commission', 'Target', 'Sales This Month', 'Clients', 'Status'] as const;

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
              <span className={styles.strong}>{name}</span>
            </Cell>
            <Cell label="Agent ID" className={styles.nowrap}>
              {agent.agentId}
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
            <Cell label="Target" className={styles.number}>
              {formatRand(randFromNumber(agent.salesTarget))}
            </Cell>
            <Cell label="Sales This Month" className={styles.number}>
              {formatRand(agent.salesThisMonth)}
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
                  <Button variant="secondary" size="sm" onPress={controls.onToggleStatus} isDisabled={controls.isPending} aria-label={`${toggleLabel(agent.status)} ${name}`}>
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

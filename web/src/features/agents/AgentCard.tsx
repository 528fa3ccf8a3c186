import { formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { cx } from '../../ui/cx';
import { ProgressBar } from '../../ui/ProgressBar';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import {
  AGENT_STATUS_LABELS,
  AGENT_STATUS_TONES,
  agentName,
  formatRate,
  randFromNumber,
  targetProgress,
  toggleLabel,
} from './agentFigures';
import type { Agent } from './agents.operations';
import * as styles from './agents.css';

/** What a manager can do with one agent; absent for an agent looking at its own record. */
export type AgentControls = {
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onToggleStatus: () => void;
  isPending: boolean;
};

export function AgentCard({ agent, controls }: { agent: Agent; controls?: AgentControls }) {
  const name = agentName(agent);
  const progress = targetProgress(agent);
  return (
    <article className={cx(styles.card, controls?.selected && styles.cardSelected)} aria-labelledby={`agent-${agent.id}`}>
      <div className={styles.cardHead}>
        <div className={styles.cardTitle}>
          {controls && (
            <Checkbox isSelected={controls.selected} onChange={controls.onSelect}>
              <span className={visuallyHidden}>Select {name}</span>
            </Checkbox>
          )}
          <div>
            <h2 id={`agent-${agent.id}`} className={styles.name}>
              {name}
            </h2>
            <span className={styles.secondary}>{agent.agentId}</span>
          </div>
        </div>
        <Badge tone={AGENT_STATUS_TONES[agent.status]}>{AGENT_STATUS_LABELS[agent.status]}</Badge>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>Email</dt>
        <dd className={styles.factValue}>{agent.email}</dd>
        <dt className={styles.factLabel}>Phone</dt>
        <dd className={styles.factValue}>{agent.phone}</dd>
        {agent.region && (
          <>
            <dt className={styles.factLabel}>Region</dt>
            <dd className={styles.factValue}>{agent.region}</dd>
          </>
        )}
        <dt className={styles.factLabel}>Commission</dt>
        <dd className={styles.factValue}>{formatRate(agent.commissionRate)}</dd>
        <dt className={styles.factLabel}>Clients onboarded</dt>
        <dd className={styles.factValue}>{agent.clientsOnboarded}</dd>
        <dt className={styles.factLabel}>Total commissions</dt>
        <dd className={styles.factValue}>{formatRand(agent.totalCommissions)}</dd>
      </dl>
      <div className={styles.progress}>
        <span>
          Sales this month: {formatRand(agent.salesThisMonth)} of {formatRand(randFromNumber(agent.salesTarget))}
        </span>
        <ProgressBar label={`${name}: sales this month against target`} value={progress} />
      </div>
      {controls && (
        <div className={styles.cardActions}>
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
        </div>
      )}
    </article>
  );
}

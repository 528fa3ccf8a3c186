import { formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import type { PolicyType } from './policyTypes.operations';
import * as styles from './policyTypes.css';

export function waitingPeriodText(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

export function PolicyTypeCard({ policyType, onEdit }: { policyType: PolicyType; onEdit?: (() => void) | undefined }) {
  return (
    <article className={styles.card} aria-labelledby={`policy-type-${policyType.id}`}>
      <div className={styles.cardHead}>
        <h2 id={`policy-type-${policyType.id}`} className={styles.name}>
          {policyType.name}
        </h2>
        <Badge tone={policyType.isActive ? 'success' : 'neutral'}>{policyType.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      {policyType.description && <p className={styles.description}>{policyType.description}</p>}
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>Coverage</dt>
        <dd className={styles.factValue}>{formatRand(policyType.coverageAmount)}</dd>
        <dt className={styles.factLabel}>Premium</dt>
        <dd className={styles.factValue}>{formatRand(policyType.monthlyPremium)}/month</dd>
        <dt className={styles.factLabel}>Waiting period</dt>
        <dd className={styles.factValue}>{waitingPeriodText(policyType.waitingPeriod)}</dd>
        <dt className={styles.factLabel}>Suicide waiting period</dt>
        <dd className={styles.factValue}>{waitingPeriodText(policyType.suicideWaitingMonths)}</dd>
        <dt className={styles.factLabel}>Grace period</dt>
        <dd className={styles.factValue}>{policyType.graceDays} days</dd>
        <dt className={styles.factLabel}>Lapses after</dt>
        <dd className={styles.factValue}>
          {policyType.lapseAfterMissed} missed {policyType.lapseAfterMissed === 1 ? 'premium' : 'premiums'}
        </dd>
        <dt className={styles.factLabel}>Reinstatement</dt>
        <dd className={styles.factValue}>
          {policyType.reinstatementMonths === 0 ? 'No window' : `Within ${waitingPeriodText(policyType.reinstatementMonths)}`}
        </dd>
      </dl>
      <div className={styles.cardActions}>
        {onEdit && (
          <Button variant="secondary" size="sm" onPress={onEdit} aria-label={`Edit ${policyType.name}`}>
            Edit
          </Button>
        )}
      </div>
    </article>
  );
}

import { LIFE_RELATIONSHIP_LABELS } from '@fpa/write-model/validation';
import { formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { MAIN_MEMBER_DEATH_SHORT } from './mainMemberDeath';
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
        <dt className={styles.factLabel}>Main member’s death</dt>
        <dd className={styles.factValue}>{MAIN_MEMBER_DEATH_SHORT[policyType.onMainMemberDeath]}</dd>
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
      {policyType.benefits.length > 0 && (
        <table className={styles.benefits}>
          <caption className={styles.benefitsCaption}>Cover per life</caption>
          <thead>
            <tr>
              <th scope="col">Life</th>
              <th scope="col">Ages</th>
              <th scope="col">Cover</th>
              <th scope="col">Premium</th>
            </tr>
          </thead>
          <tbody>
            {policyType.benefits.map((b) => (
              <tr key={`${b.relationship}-${b.minAge}`}>
                <th scope="row">{LIFE_RELATIONSHIP_LABELS[b.relationship]}</th>
                <td>
                  {b.minAge}–{b.maxAge}
                </td>
                <td>{formatRand(b.coverAmount)}</td>
                <td>{formatRand(b.monthlyPremium)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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

import { Icon } from '../../ui/Icon';
import { cx } from '../../ui/cx';
import * as styles from './auth.css';

// What the sign-in page advertises (spec §1 and §9). Prices and limits are the product's constants.
const TIERS = [
  {
    name: 'Free',
    price: 'R0',
    features: ['Up to 300 members', 'Complete policy management', 'Claims processing', 'Basic reports'],
  },
  {
    name: 'Premium',
    price: 'R299',
    features: ['Up to 50,000 members', 'SMS & email notifications', 'Agent management', 'Advanced reports', 'Priority support'],
    highlighted: true,
  },
] as const;

export function TierOffer() {
  return (
    <>
      <div className={styles.tiers}>
        {TIERS.map((tier) => (
          <section key={tier.name} className={cx(styles.tier, 'highlighted' in tier && styles.tierHighlighted)}>
            <h2 className={styles.tierName}>{tier.name}</h2>
            <p className={styles.tierPrice}>
              {tier.price} <span className={styles.tierPer}>per month</span>
            </p>
            <ul className={styles.featureList}>
              {tier.features.map((feature) => (
                <li key={feature} className={styles.feature}>
                  <Icon name="check" size={16} className={styles.featureIcon} />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className={styles.popia}>
        <Icon name="shield" size={20} className={styles.featureIcon} />
        <span>
          POPIA compliant: members' personal information is handled in line with South Africa's Protection of Personal Information Act.
        </span>
      </p>
    </>
  );
}

import type { OnboardingFamilyMemberInput } from '@fpa/write-model/validation';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { relationshipLabel } from './onboardingForm';
import * as styles from './onboarding.css';

export type FamilyMembersProps = {
  members: readonly OnboardingFamilyMemberInput[];
  onAddClick: () => void;
  onRemove: (index: number) => void;
};

/** The optional family members of step 3: the list added so far and the button that opens the dialog. */
export function FamilyMembers({ members, onAddClick, onRemove }: FamilyMembersProps) {
  return (
    <section className={styles.family} aria-labelledby="onboarding-family">
      <div className={styles.familyHead}>
        <h3 id="onboarding-family" className={styles.sectionTitle}>
          Family Members (optional)
        </h3>
        <Button variant="secondary" size="sm" onPress={onAddClick}>
          <Icon name="plus" size={16} />
          Add Family Member
        </Button>
      </div>
      {members.length === 0 ? (
        <p className={styles.muted}>No family members added. They are covered under the client's policy.</p>
      ) : (
        <ul className={styles.familyList} aria-label="Family members">
          {members.map((member, index) => {
            const name = `${member.firstName} ${member.lastName}`;
            return (
              <li key={`${member.idNumber}-${index}`} className={styles.familyItem}>
                <span>
                  <span className={styles.strong}>{name}</span>
                  <span className={styles.secondary}>
                    {relationshipLabel(member.relationship)} · ID {member.idNumber}
                  </span>
                </span>
                <Button variant="ghost" size="sm" onPress={() => onRemove(index)} aria-label={`Remove ${name}`}>
                  <Icon name="trash" size={16} />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

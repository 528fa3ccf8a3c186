import { Icon } from '../../ui/Icon';
import type { MembersPayload } from './groupSchemes.operations';
import * as styles from './groupSchemes.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 main members and 3 family members added.' from a create or add answer. */
export function membersAddedText(answer: Pick<MembersPayload, 'mainMembersAdded' | 'familyMembersAdded'>): string {
  return `${count(answer.mainMembersAdded, 'main member', 'main members')} and ${count(answer.familyMembersAdded, 'family member', 'family members')} added.`;
}

/**
 * The list's own message ('Please add at least one main member with complete information'):
 * focusable, so the submit moves focus (and a screen reader) to it. Not role alert: the toast region owns that.
 */
export function MemberRowsError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.listError} tabIndex={-1} data-list-error>
      <Icon name="alert" size={18} />
      {message}
    </p>
  );
}

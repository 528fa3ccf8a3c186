import { useState } from 'react';
import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { Link } from '../../ui/Link';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { GroupPaymentDialog } from './GroupPaymentDialog';
import { PAYMENT_SCHEMES_CONTEXT, PaymentSchemesQuery, type PaymentScheme } from './payments.operations';
import * as styles from './payments.css';

export function schemeOptionLabel(scheme: PaymentScheme): string {
  return `${scheme.name} (${scheme.totalMembers} ${scheme.totalMembers === 1 ? 'member' : 'members'})`;
}

/** Group Payment: choosing an active scheme opens the dialog that records one payment for all its members. */
export function GroupPaymentTab() {
  const [result] = useQuery({ query: PaymentSchemesQuery, context: PAYMENT_SCHEMES_CONTEXT });
  const [chosen, setChosen] = useState<PaymentScheme | null>(null);
  // An inactive scheme is refused by the server, so it is not offered.
  const schemes = (result.data?.groupSchemes ?? []).filter((scheme) => scheme.status === 'active');

  if (result.fetching && !result.data) return <Spinner label="Loading group schemes" />;
  if (result.error && !result.data) return <p className={styles.hint}>{errorMessage(result.error)}</p>;

  return (
    <div className={styles.groupTab}>
      {schemes.length === 0 ? (
        <p className={styles.hint}>
          There are no active group schemes yet. <Link href="/group-schemes">Create one under Group Schemes</Link>.
        </p>
      ) : (
        <>
          <p className={styles.hint}>Choose a scheme to record the same amount for each of its members.</p>
          <Select
            className={styles.schemeSelect}
            label="Group scheme"
            placeholder="Choose a scheme"
            options={schemes.map((scheme) => ({ id: scheme.id, label: schemeOptionLabel(scheme) }))}
            value={chosen?.id ?? null}
            onChange={(id) => setChosen(schemes.find((scheme) => scheme.id === id) ?? null)}
          />
        </>
      )}
      {chosen && <GroupPaymentDialog scheme={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}

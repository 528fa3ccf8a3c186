import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { Button } from '../../../ui/Button';
import { Cell, DataTable } from '../../../ui/DataTable';
import { Dialog, Modal } from '../../../ui/Dialog';
import { Icon } from '../../../ui/Icon';
import type { Beneficiary } from './beneficiaries.operations';
import { BeneficiariesForm } from './BeneficiariesForm';
import { relationshipLabel } from './beneficiaryRows';
import { percentText } from '@fpa/write-model/validation';
import * as styles from './beneficiaries.css';

const COLUMNS = ['Name', 'Relationship', 'Share', 'ID Number', 'Phone'] as const;

export type BeneficiariesSectionProps = {
  policyId: string;
  policyNumber: string;
  /** null when the caller may not read them (the server answers the field null): the section is left out. */
  beneficiaries: readonly Beneficiary[] | null;
};

/**
 * A policy's beneficiaries (issue #22): who its benefit is paid to and their shares, and for those who
 * may change a policy (policies:update_status, as the server checks) the dialog that nominates them.
 */
export function BeneficiariesSection({ policyId, policyNumber, beneficiaries }: BeneficiariesSectionProps) {
  const canNominate = useCan('policies:update_status');
  const [open, setOpen] = useState(false);
  if (beneficiaries === null) return null;
  const title = `Beneficiaries of policy ${policyNumber}`;
  const none = beneficiaries.length === 0;
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h4 className={styles.sectionTitle}>Beneficiaries</h4>
        {canNominate && (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => setOpen(true)}
            aria-label={none ? undefined : `Change the beneficiaries of policy ${policyNumber}`}
          >
            <Icon name={none ? 'userPlus' : 'edit'} size={16} />
            {none ? 'Nominate beneficiaries' : 'Change'}
          </Button>
        )}
      </div>
      {none ? (
        <p className={styles.muted}>No beneficiaries nominated.</p>
      ) : (
        <DataTable caption={title} columns={COLUMNS}>
          {beneficiaries.map((b, i) => (
            <tr key={`${i}-${b.idNumber ?? b.firstName}`}>
              <Cell label="Name" lead>
                {b.firstName} {b.lastName}
              </Cell>
              <Cell label="Relationship">{relationshipLabel(b.relationship)}</Cell>
              <Cell label="Share" className={styles.mono}>
                {percentText(b.share)}%
              </Cell>
              <Cell label="ID Number" className={styles.mono}>
                {b.idNumber ?? '—'}
              </Cell>
              <Cell label="Phone" className={styles.mono}>
                {b.phone ?? '—'}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {open && (
        <Modal isOpen onOpenChange={setOpen} size="wide">
          <Dialog title={none ? `Nominate beneficiaries of policy ${policyNumber}` : `Change the beneficiaries of policy ${policyNumber}`}>
            <BeneficiariesForm
              policyId={policyId}
              beneficiaries={beneficiaries}
              onSaved={() => setOpen(false)}
              onCancel={() => setOpen(false)}
            />
          </Dialog>
        </Modal>
      )}
    </section>
  );
}

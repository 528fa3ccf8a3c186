import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { Relationship } from '@fpa/write-model/validation';
import { personal } from '../engine/personal.ts';
import { isUuid } from './uuid.ts';

export type BeneficiaryView = {
  /** As nominated; '[erased]' once the main member's personal data is erased. */
  firstName: string;
  lastName: string;
  /** SA ID or passport number; null when none was given (or erased). */
  idNumber: string | null;
  relationship: Relationship;
  /** null when none was given (or erased). */
  phone: string | null;
  /** Percent with two places ('33.33'). */
  share: string;
};

/** A policy's beneficiaries in the order nominated; [] when none were (or the policy is not the company's). */
export async function beneficiariesOfPolicy(sql: SqlExecutor, companyId: string, policyId: string): Promise<BeneficiaryView[]> {
  if (!isUuid(policyId)) return [];
  const rows = await sql.query<BeneficiaryView>(
    `select first_name as "firstName", last_name as "lastName", id_number as "idNumber", relationship, phone, share::text as share
       from policy_beneficiaries where company_id = $1 and policy_id = $2 order by ordinal`,
    [companyId, policyId],
  );
  return rows.map((r) => ({ ...r, idNumber: personal(r.idNumber), phone: personal(r.phone) }));
}

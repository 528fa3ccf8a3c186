import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, DataTable, cellActions } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../app/toast';
import { SuspendPanel } from './SuspendPanel';
import {
  ActivateCompanyMutation,
  COMPANIES_CONTEXT,
  COMPANY_CHANGE_CONTEXT,
  PlatformCompaniesQuery,
  type PlatformCompany,
} from './superAdmin.operations';
import { ALL_COMPANIES, COMPANY_STATUS_OPTIONS, companiesEmptyMessage, filterCompanies } from './superAdminDisplay';
import * as styles from './superAdmin.css';

const COLUMNS = ['Company', 'Email', 'CIP Number', 'Status', 'Created', 'Actions'];

/** Companies (spec part 2 §2): search by name or email, the status filter, and Suspend / Activate. */
export function CompaniesTab() {
  const { toast } = useToast();
  const [result] = useQuery({ query: PlatformCompaniesQuery, context: COMPANIES_CONTEXT });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>(ALL_COMPANIES);
  const [suspending, setSuspending] = useState<PlatformCompany | null>(null);
  const [activation, activate] = useMutation(ActivateCompanyMutation);
  const [activatingId, setActivatingId] = useState<string | null>(null);

  if (result.fetching && !result.data) return <PageSpinner label="Loading companies" />;
  if (result.error && !result.data)
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(result.error)}
      </p>
    );
  const companies = result.data?.platformCompanies ?? [];
  const shown = filterCompanies(companies, search, status);

  const onActivate = async (company: PlatformCompany) => {
    setActivatingId(company.id);
    const answer = await activate({ companyId: company.id }, COMPANY_CHANGE_CONTEXT);
    setActivatingId(null);
    if (answer.error) {
      toast({ title: 'Error', description: errorMessage(answer.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Company activated successfully' });
  };

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search companies"
          labelHidden
          type="search"
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
        />
        <Select label="Status" options={COMPANY_STATUS_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL_COMPANIES)} />
      </div>
      {suspending && <SuspendPanel key={suspending.id} company={suspending} onClose={() => setSuspending(null)} />}
      {shown.length === 0 ? (
        <p className={styles.hint}>{companiesEmptyMessage(companies.length)}</p>
      ) : (
        <DataTable caption="Companies" columns={COLUMNS}>
          {shown.map((company) => (
            <tr key={company.id}>
              <Cell label="Company" lead>
                {company.name}
                {!company.isActive && company.suspensionReason && (
                  <span className={styles.secondary}>Reason: {company.suspensionReason}</span>
                )}
              </Cell>
              <Cell label="Email">{company.email ?? '-'}</Cell>
              <Cell label="CIP Number">{company.cipNumber || '-'}</Cell>
              <Cell label="Status">
                <Badge tone={company.isActive ? 'success' : 'danger'}>{company.isActive ? 'Active' : 'Suspended'}</Badge>
              </Cell>
              <Cell label="Created" className={styles.nowrap}>
                {formatDate(company.createdAt)}
              </Cell>
              <Cell label="Actions" className={cellActions}>
                {company.isActive ? (
                  <Button size="sm" variant="danger" onPress={() => setSuspending(company)} aria-label={`Suspend ${company.name}`}>
                    Suspend
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => void onActivate(company)}
                    isDisabled={activation.fetching && activatingId === company.id}
                    aria-label={`Activate ${company.name}`}
                  >
                    {activation.fetching && activatingId === company.id ? 'Activating...' : 'Activate'}
                  </Button>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

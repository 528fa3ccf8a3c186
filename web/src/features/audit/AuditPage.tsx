import { useState } from 'react';
import { useAuth } from '../../app/auth/AuthProvider';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { CompanyHistoryTab } from './CompanyHistoryTab';
import { ComplianceReportsTab } from './ComplianceReportsTab';
import { EntityTimelineTab } from './EntityTimelineTab';
import { PersonalDataTab } from './PersonalDataTab';
import { VerifyChains } from './VerifyChains';
import * as styles from './audit.css';

/**
 * /audit: an entity's timeline with time travel and exports, the company's whole history, tamper
 * evidence, compliance reports and POPIA requests. Every read here is recorded by the server.
 */
export function AuditPage() {
  const { user } = useAuth();
  // The platform operator audits any company, so it names the company; company users audit their own.
  const isPlatform = user?.role === 'super_admin';
  const [companyText, setCompanyText] = useState('');
  const companyId = isPlatform ? companyText.trim() || null : null;
  const managesPersonalData = isPlatform || Boolean(user?.permissions.includes('personal_data:manage'));

  const tabs = [
    { id: 'timeline', label: 'Entity timeline', content: <EntityTimelineTab companyId={companyId} /> },
    { id: 'company', label: 'Company history', content: <CompanyHistoryTab key={companyId ?? ''} companyId={companyId} /> },
    { id: 'reports', label: 'Compliance reports', content: <ComplianceReportsTab companyId={companyId} /> },
    ...(managesPersonalData ? [{ id: 'personal', label: 'Personal data', content: <PersonalDataTab companyId={companyId} /> }] : []),
  ];

  return (
    <div className={styles.page}>
      <PageHeader
        title="Audit"
        description="Replay any record's history, see it as at any moment, check the event chains and report for compliance."
      />
      {isPlatform && (
        <div className={styles.companyPicker}>
          <TextField
            label="Company id"
            description="The company to audit."
            value={companyText}
            onChange={setCompanyText}
            autoComplete="off"
          />
        </div>
      )}
      <VerifyChains companyId={companyId} />
      <Tabs aria-label="Audit" items={tabs} />
    </div>
  );
}

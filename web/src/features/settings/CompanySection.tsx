import { companySettingsSchema, PROVINCES, provinceName } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { UpdateCompanyMutation, type CompanySettings } from './settings.operations';
import * as styles from './settings.css';

const PROVINCE_OPTIONS = [...PROVINCES].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({ id: p.code, label: p.name }));

type CompanyFormValues = {
  name: string;
  cipNumber: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
};

function formValues(company: CompanySettings): CompanyFormValues {
  return {
    name: company.name,
    cipNumber: company.cipNumber,
    address: company.address ?? '',
    city: company.city ?? '',
    province: company.province ?? '',
    postalCode: company.postalCode ?? '',
    phone: company.phone ?? '',
    email: company.email ?? '',
  };
}

const LABELS: [keyof CompanyFormValues, string][] = [
  ['name', 'Company name'],
  ['cipNumber', 'CIPC number'],
  ['address', 'Address'],
  ['city', 'City'],
  ['province', 'Province'],
  ['postalCode', 'Postal code'],
  ['phone', 'Phone'],
  ['email', 'Email'],
];

/** Settings → company information: editable with company:update, read-only otherwise (spec part 2 §2, §5). */
export function CompanySection({ company, canEdit }: { company: CompanySettings; canEdit: boolean }) {
  return (
    <Card
      title="Company Information"
      description={canEdit ? 'Fields marked * are required.' : 'Only an administrator can change the company information.'}
    >
      {canEdit ? <CompanyForm company={company} /> : <CompanyDetails company={company} />}
    </Card>
  );
}

function CompanyDetails({ company }: { company: CompanySettings }) {
  const values = formValues(company);
  return (
    <dl className={styles.details} aria-label="Company information">
      {LABELS.map(([key, label]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt className={styles.term}>{label}</dt>
          <dd className={styles.definition}>{(key === 'province' ? provinceName(values[key]) : values[key]) || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function CompanyForm({ company }: { company: CompanySettings }) {
  const { toast } = useToast();
  const [initial] = useState(() => formValues(company));
  const form = useSchemaForm(companySettingsSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, updateCompany] = useMutation(UpdateCompanyMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await updateCompany({ input });
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) {
        form.setErrors(issues);
        focusFirstInvalid(formRef.current);
      }
      toast({
        title: 'Update failed',
        description: serverMessageOr(result.error, 'Failed to update company information'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Company updated', description: 'Company information has been updated successfully.' });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Company information">
      <div className={styles.fields}>
        <TextField label="Company name" isRequired autoComplete="organization" {...form.field('name')} />
        <TextField label="CIPC number" isRequired placeholder="YYYY/NNNNNN/NN" autoComplete="off" {...form.field('cipNumber')} />
        <TextField label="Address" autoComplete="street-address" className={styles.fullRow} {...form.field('address')} />
        <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
        <Select
          label="Province"
          placeholder="Choose a province"
          options={PROVINCE_OPTIONS}
          value={form.values.province || null}
          onChange={(code) => form.setField('province', code ?? '')}
          errorMessage={form.errors.province}
        />
        <TextField label="Postal code" inputMode="numeric" autoComplete="postal-code" {...form.field('postalCode')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        <TextField label="Email" type="email" autoComplete="email" className={styles.fullRow} {...form.field('email')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Company Information'}
        </Button>
      </div>
    </form>
  );
}

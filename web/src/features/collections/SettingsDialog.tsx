import { collectionSettingsSchema, type CollectionSettingsInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorFieldIssues, errorMessage, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm, type ParseSchema } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TYPE_OPTIONS } from './collectionLabels';
import {
  COLLECTIONS_CONTEXT,
  CollectionSettingsQuery,
  SetCollectionSettingsMutation,
  type CollectionSettings,
} from './collections.operations';
import * as styles from './collections.css';

const ACCOUNT_FIELDS = ['userCode', 'abbreviatedName', 'installationId', 'branchCode', 'accountNumber', 'accountType'] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];
/** Keyed by the schema's paths ('account.userCode'), so its messages land on their fields. */
type SettingsValues = { includeArrears: string } & Record<`account.${AccountField}`, string>;

/** An account left wholly blank is no account (the ACB file then cannot be made); a part-filled one is checked. */
export const settingsFormSchema: ParseSchema<CollectionSettingsInput> = {
  safeParse: (input) => {
    const v = input as SettingsValues;
    const account = Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, v[`account.${f}`]])) as Record<AccountField, string>;
    const blank = ACCOUNT_FIELDS.every((f) => account[f].trim() === '');
    return collectionSettingsSchema.safeParse({
      includeArrears: v.includeArrears === 'true',
      account: blank ? null : { ...account, accountType: account.accountType || undefined },
    });
  },
};

function settingsValues(settings: CollectionSettings): SettingsValues {
  const a = settings.account;
  return {
    includeArrears: settings.includeArrears ? 'true' : '',
    'account.userCode': a?.userCode ?? '',
    'account.abbreviatedName': a?.abbreviatedName ?? '',
    'account.installationId': a?.installationId ?? '',
    'account.branchCode': a?.branchCode ?? '',
    'account.accountNumber': a?.accountNumber ?? '',
    'account.accountType': a?.accountType ?? '',
  };
}

function SettingsForm({ settings, onSaved }: { settings: CollectionSettings; onSaved: () => void }) {
  const { toast } = useToast();
  const [initial] = useState(() => settingsValues(settings));
  const form = useSchemaForm(settingsFormSchema, initial);
  const { values, errors, setField, setErrors } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, save] = useMutation(SetCollectionSettingsMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(formRef.current);
    if (saving) return;
    const result = await save({ input }, COLLECTIONS_CONTEXT);
    if (result.error) {
      setErrors(errorFieldIssues(result.error));
      toast({ title: 'Error', description: serverMessageOr(result.error, 'The settings could not be saved'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Collection settings saved' });
    onSaved();
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Collection settings">
      <Checkbox isSelected={values.includeArrears === 'true'} onChange={(on) => setField('includeArrears', on ? 'true' : '')}>
        Batches also collect earlier unpaid premiums (arrears)
      </Checkbox>
      <fieldset className={styles.fields}>
        <legend className={styles.legend}>Collecting account (for the ACB file)</legend>
        <TextField label="User code" description="4 letters or digits from your bank" {...form.field('account.userCode')} />
        <TextField
          label="Abbreviated name"
          description="Up to 10 letters, on the debtor's statement"
          {...form.field('account.abbreviatedName')}
        />
        <TextField label="Installation ID" inputMode="numeric" description="4 digits" {...form.field('account.installationId')} />
        <TextField label="Branch code" inputMode="numeric" {...form.field('account.branchCode')} />
        <TextField label="Account number" inputMode="numeric" {...form.field('account.accountNumber')} />
        <Select
          label="Account type"
          placeholder="Choose the type"
          options={ACCOUNT_TYPE_OPTIONS}
          value={values['account.accountType'] || null}
          onChange={(type) => setField('account.accountType', type ?? '')}
          errorMessage={errors['account.accountType']}
        />
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}

function SettingsPanel({ onSaved }: { onSaved: () => void }) {
  const [result] = useQuery({ query: CollectionSettingsQuery, context: COLLECTIONS_CONTEXT, requestPolicy: 'network-only' });
  if (result.fetching && !result.data) return <PageSpinner label="Loading settings" />;
  if (!result.data)
    return (
      <EmptyState icon="alert" title="The settings could not be loaded" text={result.error ? errorMessage(result.error) : undefined} />
    );
  return <SettingsForm settings={result.data.collectionSettings} onSaved={onSaved} />;
}

/** The page header's 'Settings': whether batches collect arrears, and the account collected into. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        <Icon name="gear" size={18} />
        Settings
      </Button>
      {open && (
        <Modal isOpen onOpenChange={setOpen} size="wide">
          <Dialog title="Collection settings">
            <SettingsPanel onSaved={() => setOpen(false)} />
          </Dialog>
        </Modal>
      )}
    </>
  );
}

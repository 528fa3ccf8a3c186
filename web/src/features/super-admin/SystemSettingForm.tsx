import { SETTING_CATEGORIES, systemSettingSchema } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { SaveSystemSettingMutation, SETTING_CHANGE_CONTEXT } from './superAdmin.operations';
import type { SystemSetting } from './superAdmin.operations';
import { settingValueInput, settingValueText } from './superAdminDisplay';
import * as styles from './superAdmin.css';

const CATEGORY_OPTIONS = SETTING_CATEGORIES.map((id) => ({ id, label: id }));
const EMPTY = { key: '', category: 'general', value: '', description: '' };

/** The value as typed is text; a JSON object or list typed into it is saved structured. */
const schema = {
  safeParse: (values: unknown) => {
    const v = values as typeof EMPTY;
    return systemSettingSchema.safeParse({ ...v, value: settingValueInput(v.value) });
  },
};

/**
 * Add a system setting (spec part 2 §2), or edit one (issue #25: its key stays, the rest is saved over it).
 * Saving a key that exists updates it.
 */
export function SystemSettingForm({ onClose, setting }: { onClose: () => void; setting?: SystemSetting }) {
  const { toast } = useToast();
  const [initial] = useState(() =>
    setting
      ? { key: setting.key, category: setting.category, value: settingValueText(setting.value), description: setting.description ?? '' }
      : EMPTY,
  );
  const form = useSchemaForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching }, save] = useMutation(SaveSystemSettingMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (fetching) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await save({ input }, SETTING_CHANGE_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) form.setErrors(issues);
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: setting ? 'System setting updated successfully' : 'System setting created successfully' });
    form.reset();
    onClose();
  };

  return (
    <Card
      title={setting ? `Edit System Setting ${setting.key}` : 'Add System Setting'}
      description="A key the platform reads; saving an existing key replaces its value."
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={setting ? `Edit system setting ${setting.key}` : 'Add system setting'}
      >
        <div className={styles.fields}>
          <TextField
            label="Setting Key"
            isRequired
            isReadOnly={Boolean(setting)}
            autoFocus={!setting}
            autoComplete="off"
            placeholder="e.g. support.email"
            {...form.field('key')}
          />
          <Select
            label="Category"
            options={CATEGORY_OPTIONS}
            value={form.values.category}
            onChange={(category) => form.setField('category', category ?? 'general')}
            errorMessage={form.errors.category}
          />
          <TextField
            label="Value"
            isRequired
            multiline
            rows={2}
            description="Text, or JSON for a structured value."
            className={styles.wide}
            {...form.field('value')}
          />
          <TextField label="Description" multiline rows={2} className={styles.wide} {...form.field('description')} />
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={onClose} isDisabled={fetching}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={fetching}>
            {fetching ? 'Saving...' : 'Save Setting'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

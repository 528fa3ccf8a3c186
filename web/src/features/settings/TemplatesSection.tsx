import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  notificationTemplateSchema,
  PLACEHOLDER_SAMPLES,
  previewTemplate,
  smsSegments,
  type NotificationType,
  type Placeholder,
} from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorFieldIssues, errorMessage, serverMessageOr } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import {
  NotificationTemplatesQuery,
  ResetNotificationTemplateMutation,
  SetNotificationTemplateMutation,
  type NotificationTemplateItem,
} from './settings.operations';
import * as styles from './settings.css';

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((type) => ({ id: type, label: NOTIFICATION_TYPE_LABELS[type] }));
const CONTEXT = { additionalTypenames: ['NotificationTemplate'] };

/** What an SMS costs in parts, filled with the sample values: '1 SMS (GSM-7, 142 characters)'. */
export function previewSegmentsText(template: string): string {
  const { encoding, characters, segments } = smsSegments(previewTemplate(template));
  return `${segments} SMS${segments === 1 ? '' : ' parts'} (${encoding}, ${characters} characters)`;
}

/**
 * Settings → message templates (issue #24): the words of each message the company sends, with
 * {placeholders}, a live preview filled with sample values and the SMS's parts. Read with
 * notifications:read, changed with company:update; the server checks the same schema.
 */
export function TemplatesSection({ canEdit }: { canEdit: boolean }) {
  const [{ data, error, fetching }] = useQuery({ query: NotificationTemplatesQuery, context: CONTEXT });
  const [type, setType] = useState<NotificationType>('policy_issued');
  const template = data?.notificationTemplates.find((t) => t.type === type);
  return (
    <Card
      title="Message templates"
      description="The words of each SMS and e-mail sent to policyholders, claimants and your claims staff. Placeholders in braces are filled in for each message."
    >
      {fetching && !data && <p className={styles.muted}>Loading templates…</p>}
      {error && !data && <p className={styles.muted}>{errorMessage(error)}</p>}
      {data && (
        <div className={styles.form}>
          <Select
            label="Message"
            options={TYPE_OPTIONS}
            value={type}
            onChange={(id) => id && setType(id as NotificationType)}
            description={template ? describe(template) : undefined}
          />
          {template && (
            <TemplateForm key={`${type}|${template.subject}|${template.sms}|${template.email}`} template={template} canEdit={canEdit} />
          )}
        </div>
      )}
    </Card>
  );
}

function describe(t: NotificationTemplateItem): string {
  const channels = t.channels.map((c) => (c === 'sms' ? 'SMS' : 'e-mail')).join(' and ');
  return `Sent by ${channels}${t.legallyRequired ? '; legally required, sent whatever the plan' : ''}.`;
}

function TemplateForm({ template, canEdit }: { template: NotificationTemplateItem; canEdit: boolean }) {
  const { toast } = useToast();
  const [initial] = useState(() => ({ type: template.type, subject: template.subject, sms: template.sms, email: template.email }));
  const form = useSchemaForm(notificationTemplateSchema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [{ fetching: saving }, save] = useMutation(SetNotificationTemplateMutation);
  const [{ fetching: resetting }, reset] = useMutation(ResetNotificationTemplateMutation);
  const label = NOTIFICATION_TYPE_LABELS[template.type];
  const sendsSms = template.channels.includes('sms');
  const sendsEmail = template.channels.includes('email');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const input = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = await save({ input }, CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) form.setErrors(issues);
      toast({
        title: 'Template not saved',
        description: serverMessageOr(result.error, 'The template could not be saved'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Template saved', description: `${label} messages are written with these words from now on.` });
  };

  const onReset = async () => {
    const result = await reset({ type: template.type }, CONTEXT);
    if (result.error) toast({ title: 'Template not reset', description: errorMessage(result.error), variant: 'destructive' });
    else toast({ title: 'Template reset', description: `${label} messages use the English default again.` });
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`${label} template`}>
      <div>
        <p className={styles.previewLabel}>
          Placeholders {template.isDefault ? <Badge tone="neutral">English default</Badge> : <Badge tone="success">Your own words</Badge>}
        </p>
        <ul className={styles.placeholderList} aria-label="Placeholders">
          {template.placeholders.map((p) => (
            <li key={p}>
              <code className={styles.code} title={PLACEHOLDER_SAMPLES[p as Placeholder]?.label}>{`{${p}}`}</code>
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label="SMS text"
        multiline
        rows={3}
        isRequired
        isReadOnly={!canEdit}
        {...form.field('sms')}
        {...(sendsSms ? {} : { description: 'Not sent by SMS today.' })}
      />
      <Preview label="SMS preview" text={previewTemplate(form.values.sms)} footer={previewSegmentsText(form.values.sms)} />
      <TextField
        label="E-mail subject"
        isRequired
        isReadOnly={!canEdit}
        {...form.field('subject')}
        {...(sendsEmail ? {} : { description: 'Not sent by e-mail today.' })}
      />
      <TextField label="E-mail text" multiline rows={6} isRequired isReadOnly={!canEdit} {...form.field('email')} />
      <Preview label="E-mail preview" text={`${previewTemplate(form.values.subject)}\n\n${previewTemplate(form.values.email)}`} />
      {canEdit ? (
        <div className={styles.actions}>
          {!template.isDefault && (
            <Button variant="secondary" isDisabled={resetting} onPress={() => void onReset()}>
              Reset to default
            </Button>
          )}
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : 'Save template'}
          </Button>
        </div>
      ) : (
        <p className={styles.readOnlyNote}>Only an administrator can change the message templates.</p>
      )}
    </form>
  );
}

function Preview({ label, text, footer }: { label: string; text: string; footer?: string }) {
  return (
    <div aria-live="polite">
      <p className={styles.previewLabel}>{label}</p>
      <p className={styles.preview}>{text}</p>
      {footer && <p className={styles.muted}>{footer}</p>}
    </div>
  );
}

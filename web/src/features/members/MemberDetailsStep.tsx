import { NATIONALITY_MAX_LENGTH, PROVINCES, type MemberInput } from '@fpa/write-model/validation';
import type { useSchemaForm } from '../../app/forms';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { MainMemberPicker } from './MainMemberPicker';
import { PRIOR_COVER_HELP, PriorCoverFields } from './PriorCoverFields';
import { RELATIONSHIP_OPTIONS, type MemberFormValues } from './memberForm';
import * as fieldStyles from '../../ui/field.css';
import * as styles from './members.css';

export type MemberForm = ReturnType<typeof useSchemaForm<MemberFormValues, MemberInput>>;

const KIND_OPTIONS = [
  { id: 'main', label: 'Principal member' },
  { id: 'family', label: 'Family member' },
];
const IDENTIFIER_OPTIONS = [
  { id: 'saId', label: 'SA ID' },
  { id: 'passport', label: 'Passport' },
];
export const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ id: p.code, label: p.name }));

/** Step 1 of Add Member: who the member is, how to reach them and where they live (spec §5 Member form). */
export function MemberDetailsStep({
  form,
  fixedMainMember,
}: {
  form: MemberForm;
  fixedMainMember?: { id: string; name: string } | undefined;
}) {
  const { values, errors, field, setField } = form;
  const isFamily = values.memberKind === 'family';
  // Family members are reached through the main member: their contact and address are optional.
  const optional = isFamily ? ' (optional)' : '';

  return (
    <>
      {/* The spec's sentence for a main member's missing contact, above the fields that each say what they lack. */}
      {errors[''] && (
        <p role="alert" className={fieldStyles.error}>
          {errors['']}
        </p>
      )}
      {!fixedMainMember && (
        <RadioGroup
          label="Member type"
          options={KIND_OPTIONS}
          value={values.memberKind}
          onChange={(kind) => setField('memberKind', kind)}
        />
      )}

      {isFamily && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Family Details</legend>
          <div className={styles.fullRow}>
            {fixedMainMember ? (
              <p>
                Main member: <strong>{fixedMainMember.name}</strong>
              </p>
            ) : (
              <MainMemberPicker
                value={values.mainMemberId}
                onChange={(id) => setField('mainMemberId', id)}
                errorMessage={errors.mainMemberId}
              />
            )}
          </div>
          <Select
            label="Relationship"
            placeholder="Choose a relationship"
            options={RELATIONSHIP_OPTIONS}
            value={values.relationship || null}
            onChange={(value) => setField('relationship', value ?? '')}
            errorMessage={errors.relationship}
          />
          {values.relationship === 'other' && <TextField label="Specify relationship" {...field('otherRelationship')} />}
        </fieldset>
      )}

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Personal Details</legend>
        <TextField label="First name" autoComplete="off" {...field('firstName')} />
        <TextField label="Last name" autoComplete="off" {...field('lastName')} />
        <div className={styles.fullRow}>
          <RadioGroup
            label="Identification type"
            options={IDENTIFIER_OPTIONS}
            value={values.identifierType}
            onChange={(type) => setField('identifierType', type)}
          />
        </div>
        {values.identifierType === 'saId' ? (
          <TextField label="SA ID number" inputMode="numeric" maxLength={13} {...field('saId')} />
        ) : (
          <TextField label="Passport number" {...field('passportNumber')} />
        )}
        <TextField label="Nationality" description="Country code, e.g. ZA" maxLength={NATIONALITY_MAX_LENGTH} {...field('nationality')} />
        <TextField label="Date of birth (optional)" type="date" {...field('dateOfBirth')} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Contact Information</legend>
        <TextField label={`Phone number${optional}`} type="tel" placeholder="0821234567" {...field('phone')} />
        <TextField label="Email (optional)" type="email" {...field('email')} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Address</legend>
        <TextField className={styles.fullRow} label={`Street address${optional}`} {...field('address')} />
        <TextField label={`City${optional}`} {...field('city')} />
        <Select
          label={`Province${optional}`}
          placeholder="Choose a province"
          options={PROVINCE_OPTIONS}
          value={values.province || null}
          onChange={(value) => setField('province', value ?? '')}
          errorMessage={errors.province}
        />
        <TextField label={`Postal code${optional}`} inputMode="numeric" {...field('postalCode')} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Cover Elsewhere (optional)</legend>
        <p className={`${styles.fullRow} ${fieldStyles.description}`}>{PRIOR_COVER_HELP}</p>
        <PriorCoverFields field={field} />
      </fieldset>
    </>
  );
}

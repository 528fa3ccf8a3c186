import { PRIOR_COVER_MAX_GAP_DAYS } from '@fpa/write-model/validation';
import { TextField } from '../../ui/TextField';

/** Why prior cover is asked (issue #22, rule 2A.6). */
export const PRIOR_COVER_HELP = `Funeral cover this person had with another insurer, proven by its documents. If it ended no more than ${PRIOR_COVER_MAX_GAP_DAYS} days before joining, its months are taken off this life's waiting period.`;

type FieldProps = { name?: string; value: string; onChange: (value: string) => void; errorMessage: string | undefined };

/**
 * The two prior-cover fields of every place a life joins or is edited (member form, onboarding and its
 * family dialog, a scheme's member, editing a life); the shared schema's priorCoverFields check them.
 */
export function PriorCoverFields({
  field,
  labelPrefix,
}: {
  field: (name: 'priorCoverMonths' | 'priorCoverEndedOn') => FieldProps;
  /** Where several people's fields share a form (a scheme's rows): which person, for screen readers. */
  labelPrefix?: string;
}) {
  return (
    <>
      <TextField label="Prior cover (whole months)" inputMode="numeric" labelPrefix={labelPrefix} {...field('priorCoverMonths')} />
      <TextField label="Prior cover ended on" type="date" labelPrefix={labelPrefix} {...field('priorCoverEndedOn')} />
    </>
  );
}

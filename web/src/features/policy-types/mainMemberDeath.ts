import type { MainMemberDeathRule } from '@fpa/write-model/validation';

/** What a main member's death does to the policy's other lives (issue #22), as the dialog and the card say it. */
export const MAIN_MEMBER_DEATH_LABELS: Record<MainMemberDeathRule, string> = {
  end_policy: 'End the policy',
  continue_with_spouse: 'Continue with the spouse as policyholder',
};

/** The same, short, for the policy type's card. */
export const MAIN_MEMBER_DEATH_SHORT: Record<MainMemberDeathRule, string> = {
  end_policy: 'Policy ends',
  continue_with_spouse: 'Spouse continues',
};

/** A family member's relationship to the main member. 'other' comes with free text. */
export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;

export type Relationship = (typeof RELATIONSHIPS)[number];

export function isRelationship(value: unknown): value is Relationship {
  return typeof value === 'string' && (RELATIONSHIPS as readonly string[]).includes(value);
}

/** The onboarding beneficiary's relation: a wider, display-cased list than family relationships. */
export const BENEFICIARY_RELATIONS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Partner', 'Other Family', 'Friend', 'Other'] as const;

export type BeneficiaryRelation = (typeof BENEFICIARY_RELATIONS)[number];

import type { PiiMarking } from '../event-store/types.ts';
import type { Role } from '../validation/index.ts';

/** A user account. Names, e-mail, SA ID and phone are personal data: encrypted with the user's key. */
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    companyId: string | null;
    username: string;
    role: Role;
    email: string;
    firstName: string;
    lastName: string;
    saId: string | null;
    phone: string | null;
  };
};

/** The password was replaced through a single-use reset link. Never carries the password or its hash. */
export type UserPasswordReset = { type: 'UserPasswordReset'; data: { userId: string } };

/** A company administrator changed the user's role (never to or from super_admin). */
export type UserRoleChanged = {
  type: 'UserRoleChanged';
  data: { userId: string; companyId: string; from: Role; to: Role };
};

/** Settings → user profile saved by the user: the section as it now stands. Personal data, encrypted. */
export type UserProfileUpdated = {
  type: 'UserProfileUpdated';
  data: { userId: string; firstName: string; lastName: string; email: string; phone: string | null };
};

/** The user changed their own password (knowing the current one). Never carries a password or hash. */
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: { userId: string } };

/**
 * Sign-in failed for this user's username `failures` times within `windowMinutes` (the threshold at
 * which sign-in is locked for a while). The attempts themselves stay in a plain table; this is the
 * fact worth keeping for the compliance log. Never carries a password or an address.
 */
export type LoginFailuresRepeated = {
  type: 'LoginFailuresRepeated';
  data: { userId: string; companyId: string | null; failures: number; windowMinutes: number };
};

/**
 * A company administrator deactivated a staff user (issue #25): their sessions end and they cannot sign
 * in; their history stays. UserReactivated lets them sign in again.
 */
export type UserDeactivated = { type: 'UserDeactivated'; data: { userId: string; companyId: string } };
export type UserReactivated = { type: 'UserReactivated'; data: { userId: string; companyId: string } };

/**
 * A company administrator reset a staff user's password to a temporary one (issue #25): their sessions
 * ended and they must choose a new password at their next sign-in (UserPasswordChanged clears that).
 * Never carries the temporary password or its hash; who reset it is the event's actor.
 */
export type UserPasswordResetByAdministrator = {
  type: 'UserPasswordResetByAdministrator';
  data: { userId: string; companyId: string };
};

export type UserEvent =
  | UserRegistered
  | UserDeactivated
  | UserReactivated
  | UserPasswordResetByAdministrator
  | UserPasswordReset
  | UserRoleChanged
  | UserProfileUpdated
  | UserPasswordChanged
  | LoginFailuresRepeated;

export const userStreamId = (userId: string) => `user-${userId}`;
export const userSubjectId = (userId: string) => `user:${userId}`;

export function userPii(event: UserEvent): PiiMarking[] | undefined {
  switch (event.type) {
    case 'UserRegistered':
      return [{ subjectId: userSubjectId(event.data.userId), fields: ['email', 'firstName', 'lastName', 'saId', 'phone'] }];
    case 'UserProfileUpdated':
      return [{ subjectId: userSubjectId(event.data.userId), fields: ['email', 'firstName', 'lastName', 'phone'] }];
    case 'UserPasswordReset':
    case 'UserRoleChanged':
    case 'UserPasswordChanged':
    case 'LoginFailuresRepeated':
    case 'UserDeactivated':
    case 'UserReactivated':
    case 'UserPasswordResetByAdministrator':
      return undefined;
  }
}

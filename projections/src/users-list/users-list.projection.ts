import type { UserEvent } from '@fpa/write-model';
import { projectorOf } from '../engine/typed.ts';

/** Every user account of the platform, one row each, in the clear while the person's key exists. */
export const usersListProjection = projectorOf<UserEvent>()({
  name: 'users_list',
  // 3: role changes and profile changes from Settings. 4: deactivation and reactivation (issue #25).
  // 5: must_change_password, set by an administrator's password reset, cleared by the user's own new password (issue #25).
  version: 5,
  handles: [
    'UserRegistered',
    'UserRoleChanged',
    'UserProfileUpdated',
    'UserDeactivated',
    'UserReactivated',
    'UserPasswordResetByAdministrator',
    'UserPasswordChanged',
    'UserPasswordReset',
  ],
  tables: ['user_accounts'],
  async init(tx) {
    await tx.exec(`
      create table if not exists user_accounts (
        id uuid primary key,
        company_id uuid,
        username text not null,
        email text not null,
        first_name text not null,
        last_name text not null,
        role text not null,
        phone text,
        is_active boolean not null default true,
        must_change_password boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index if not exists user_accounts_company on user_accounts (company_id);
      create index if not exists user_accounts_email on user_accounts (lower(email));
    `);
  },
  async apply(tx, event) {
    if (event.type === 'UserRegistered') {
      const d = event.data;
      await tx.query(
        `insert into user_accounts (id, company_id, username, email, first_name, last_name, role, phone, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) on conflict (id) do nothing`,
        [d.userId, d.companyId, d.username, d.email, d.firstName, d.lastName, d.role, d.phone, event.recordedAt],
      );
    } else if (event.type === 'UserRoleChanged') {
      const d = event.data;
      await tx.query(`update user_accounts set role = $2, updated_at = $3 where id = $1`, [d.userId, d.to, event.recordedAt]);
    } else if (event.type === 'UserDeactivated' || event.type === 'UserReactivated') {
      await tx.query(`update user_accounts set is_active = $2, updated_at = $3 where id = $1`, [
        event.data.userId,
        event.type === 'UserReactivated',
        event.recordedAt,
      ]);
    } else if (
      event.type === 'UserPasswordResetByAdministrator' ||
      event.type === 'UserPasswordChanged' ||
      event.type === 'UserPasswordReset'
    ) {
      await tx.query(`update user_accounts set must_change_password = $2, updated_at = $3 where id = $1`, [
        event.data.userId,
        event.type === 'UserPasswordResetByAdministrator',
        event.recordedAt,
      ]);
    } else if (event.type === 'UserProfileUpdated') {
      const d = event.data;
      await tx.query(`update user_accounts set first_name = $2, last_name = $3, email = $4, phone = $5, updated_at = $6 where id = $1`, [
        d.userId,
        d.firstName,
        d.lastName,
        d.email,
        d.phone,
        event.recordedAt,
      ]);
    }
  },
});

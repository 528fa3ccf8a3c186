import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { requireCompany } from '../../command-handling/handle.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { z } from 'zod';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS } from '../../validation/index.ts';
import type { AccessEvent } from '../access.events.ts';
import { keepingOwnRights, sameSet, type AccessActor } from '../access.decider.ts';
import type { AccessState } from '../access.state.ts';
import { runAccessCommand } from './change-access.ts';

export type InitializeDefaultPermissions = { type: 'InitializeDefaultPermissions'; companyId: string };

/** Every role back to its default set. Idempotent: only roles whose set differs from the defaults are written. */
export function decideInitializeDefaultPermissions(
  command: InitializeDefaultPermissions,
  state: AccessState,
  actor: AccessActor,
): AccessEvent[] {
  const { companyId } = command;
  const events = COMPANY_ROLES.filter((role) => !sameSet(state.roles[role], DEFAULT_ROLE_PERMISSIONS[role])).map((role) => ({
    type: 'RolePermissionsSet' as const,
    data: { companyId, role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]].sort(), reason: 'defaults' as const },
  }));
  return keepingOwnRights(state, events, actor);
}

/** POST /api/permissions/initialize: every role back to its default set; a second run changes nothing. */
export async function initializeDefaultPermissions(store: EventStore, ctx: CommandContext) {
  return runAccessCommand(
    store,
    { type: 'InitializeDefaultPermissions', companyId: requireCompany(ctx) },
    decideInitializeDefaultPermissions,
    ctx,
  );
}

/** It takes nothing: the body, if any, is not read. */
export const initializeDefaultPermissionsSlice = commandSlice({
  name: 'initializeDefaultPermissions',
  operation: 'roles:manage',
  input: () => z.object({}),
  handle: ({ store }, _request, ctx) => initializeDefaultPermissions(store, ctx),
});

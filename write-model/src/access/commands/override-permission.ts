import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { z } from 'zod';
import type { PermissionName } from '../../validation/index.ts';
import type { AccessEvent } from '../access.events.ts';
import { keepingOwnRights, type AccessActor } from '../access.decider.ts';
import type { AccessState } from '../access.state.ts';
import { parsePermission, requireCompanyUserStream, runAccessCommand } from './change-access.ts';

export type OverridePermission = {
  type: 'GrantPermission' | 'RevokePermission';
  companyId: string;
  userId: string;
  permission: PermissionName;
};

/** A per-user grant or revoke on top of the role's set; repeating the override the user has records nothing. */
export function decideOverridePermission(command: OverridePermission, state: AccessState, actor: AccessActor): AccessEvent[] {
  const effect = command.type === 'GrantPermission' ? 'grant' : 'revoke';
  if (state.overrides.get(command.userId)?.get(command.permission) === effect) return keepingOwnRights(state, [], actor);
  const data = { companyId: command.companyId, userId: command.userId, permission: command.permission };
  return keepingOwnRights(
    state,
    [effect === 'grant' ? { type: 'UserPermissionGranted', data } : { type: 'UserPermissionRevoked', data }],
    actor,
  );
}

/** POST /api/users/{userId}/permissions/{permissionName}/grant|revoke. */
export async function overridePermission(
  store: EventStore,
  effect: 'grant' | 'revoke',
  userId: string,
  permissionName: string,
  ctx: CommandContext,
) {
  const companyId = requireCompany(ctx);
  await requireCompanyUserStream(store, companyId, userId);
  const permission = parsePermission(permissionName);
  const type = effect === 'grant' ? 'GrantPermission' : 'RevokePermission';
  return runAccessCommand(store, { type, companyId, userId, permission }, decideOverridePermission, ctx);
}

/** The permission by name (REST: the path segment); an unknown name is 404 like an unknown record. */
const permissionOverrideSchema = z.object({ permission: z.string() });

export const grantPermissionSlice = commandSlice({
  name: 'grantPermission',
  operation: 'roles:manage',
  target: 'userId',
  input: () => permissionOverrideSchema,
  handle: ({ store }, { target, input }, ctx) =>
    overridePermission(store, 'grant', target, parseInput(permissionOverrideSchema, input).permission, ctx),
});

export const revokePermissionSlice = commandSlice({
  name: 'revokePermission',
  operation: 'roles:manage',
  target: 'userId',
  input: () => permissionOverrideSchema,
  handle: ({ store }, { target, input }, ctx) =>
    overridePermission(store, 'revoke', target, parseInput(permissionOverrideSchema, input).permission, ctx),
});

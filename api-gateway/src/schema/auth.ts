import { enumType } from '../commands/graphql-input.ts';
import { ROLES } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import * as auth from '../auth/session-operations.ts';

export const RoleEnum = enumType('Role', { values: ROLES });

export const UserType = builder.objectRef<auth.PublicUser>('User').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    role: t.field({ type: RoleEnum, resolve: (user) => user.role }),
    companyId: t.exposeID('companyId', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    mustChangePassword: t.exposeBoolean('mustChangePassword', {
      description: 'An administrator reset the password: every other call is refused (PASSWORD_CHANGE_REQUIRED) until changePassword.',
    }),
    permissions: t.exposeStringList('permissions', {
      description: "The user's effective permissions (role set + grants − revokes), e.g. 'members:create'.",
    }),
  }),
});

export const AuthPayload = builder.objectRef<auth.AuthAnswer>('AuthPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token'),
    user: t.field({ type: UserType, resolve: (answer) => answer.user }),
  }),
});

const RequestPasswordResetPayload = builder
  .objectRef<Awaited<ReturnType<typeof auth.requestPasswordReset>>>('RequestPasswordResetPayload')
  .implement({
    fields: (t) => ({
      ok: t.exposeBoolean('ok'),
      message: t.exposeString('message'),
    }),
  });

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({ username: t.string({ required: true }), password: t.string({ required: true }) }),
});

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    nullable: true,
    description: 'The signed-in user, or null when there is no valid session.',
    resolve: (_root, _args, ctx) => (ctx.user ? auth.me(ctx) : null),
  }),
);

builder.mutationFields((t) => ({
  login: t.field({
    type: AuthPayload,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: (_root, { input }, ctx) => auth.login(ctx, input),
  }),
  logout: t.boolean({ resolve: (_root, _args, ctx) => auth.logout(ctx) }),
  requestPasswordReset: t.field({
    type: RequestPasswordResetPayload,
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true }) },
    resolve: (_root, { input }, ctx) => auth.requestPasswordReset(ctx, input),
  }),
}));

import { builder, withoutNulls } from '../builder.ts';
import * as profile from '../operations/profile.ts';
import { UserType } from './auth.ts';

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string(),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
    confirmPassword: t.string({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: UserType,
    description: "The signed-in user's own profile (Settings → user profile).",
    args: { input: t.arg({ type: UpdateProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => profile.updateProfile(ctx, withoutNulls(input)),
  }),
  changePassword: t.boolean({
    description: "The signed-in user's password; their other sessions end.",
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => (await profile.changePassword(ctx, input)).ok,
  }),
}));

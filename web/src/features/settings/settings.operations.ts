import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const CompanySettingsFields = graphql(`
  fragment CompanySettings on Company @_unmask {
    id
    name
    cipNumber
    address
    city
    province
    postalCode
    phone
    email
  }
`);

export const ProfileFields = graphql(`
  fragment Profile on User @_unmask {
    id
    username
    firstName
    lastName
    email
    phone
    role
    permissions
  }
`);

export const SettingsQuery = graphql(
  `
    query Settings {
      me {
        ...Profile
      }
      company {
        ...CompanySettings
      }
    }
  `,
  [ProfileFields, CompanySettingsFields],
);

export const UpdateCompanyMutation = graphql(
  `
    mutation UpdateCompany($input: UpdateCompanyInput!) {
      updateCompany(input: $input) {
        ...CompanySettings
      }
    }
  `,
  [CompanySettingsFields],
);

export const UpdateProfileMutation = graphql(
  `
    mutation UpdateProfile($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        ...Profile
      }
    }
  `,
  [ProfileFields],
);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

export type CompanySettings = ResultOf<typeof CompanySettingsFields>;
export type Profile = ResultOf<typeof ProfileFields>;
export type UpdateCompanyInput = VariablesOf<typeof UpdateCompanyMutation>['input'];

export const NotificationTemplateFields = graphql(`
  fragment NotificationTemplateItem on NotificationTemplate @_unmask {
    type
    subject
    sms
    email
    channels
    legallyRequired
    placeholders
    isDefault
    default {
      subject
      sms
      email
    }
  }
`);

export const NotificationTemplatesQuery = graphql(
  `
    query NotificationTemplates {
      notificationTemplates {
        ...NotificationTemplateItem
      }
    }
  `,
  [NotificationTemplateFields],
);

export const SetNotificationTemplateMutation = graphql(
  `
    mutation SetNotificationTemplate($input: SetNotificationTemplateInput!) {
      setNotificationTemplate(input: $input) {
        ...NotificationTemplateItem
      }
    }
  `,
  [NotificationTemplateFields],
);

export const ResetNotificationTemplateMutation = graphql(
  `
    mutation ResetNotificationTemplate($type: NotificationType!) {
      resetNotificationTemplate(type: $type) {
        ...NotificationTemplateItem
      }
    }
  `,
  [NotificationTemplateFields],
);

export type NotificationTemplateItem = ResultOf<typeof NotificationTemplateFields>;

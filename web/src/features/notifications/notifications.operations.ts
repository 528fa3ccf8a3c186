import { graphql, type ResultOf } from 'gql.tada';

export const NotificationsQuery = graphql(`
  query Notifications(
    $memberId: ID
    $type: NotificationType
    $channel: NotificationChannel
    $status: NotificationStatus
    $from: String
    $to: String
    $limit: Int
  ) {
    notifications(memberId: $memberId, type: $type, channel: $channel, status: $status, from: $from, to: $to, limit: $limit) {
      total
      items {
        id
        type
        channel
        to
        subject
        text
        legallyRequired
        status
        reason
        attempts
        createdAt
        sentAt
      }
    }
  }
`);

export const NotificationCountsQuery = graphql(`
  query NotificationCounts {
    notificationCounts {
      month
      channel
      sent
      failed
      notSent
      queued
      estimatedCost
    }
  }
`);

export const NotificationProvidersQuery = graphql(`
  query NotificationProviders {
    notificationProviders {
      channel
      provider
      lastError
      lastErrorAt
    }
  }
`);

export const ResendNotificationMutation = graphql(`
  mutation ResendNotification($id: ID!) {
    resendNotification(id: $id) {
      id
      status
      reason
    }
  }
`);

export type NotificationItem = ResultOf<typeof NotificationsQuery>['notifications']['items'][number];
export type NotificationProvider = ResultOf<typeof NotificationProvidersQuery>['notificationProviders'][number];
export type NotificationMonth = ResultOf<typeof NotificationCountsQuery>['notificationCounts'][number];

/** A resend changes a row of the list and the counts: both are read again. */
export const NOTIFICATIONS_CONTEXT = { additionalTypenames: ['Notification', 'NotificationPage', 'NotificationMonth'] };

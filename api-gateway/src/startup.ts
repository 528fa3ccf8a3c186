import type { Config } from './config.ts';

export type StartupReport = {
  mode: 'production' | 'development';
  url: string;
  publicUrl: string;
  notConfigured: string[];
  relaxed: string[];
};

/**
 * What the server says when it starts (issue #27 §2): the mode, where links point, what is not
 * configured, and what development mode relaxes, so that whoever runs `npm start` sees at once
 * what works and what does not.
 */
export function startupReport(config: Config): StartupReport {
  const notConfigured: string[] = [];
  if (!config.publicUrl) {
    notConfigured.push(`PUBLIC_URL: not set, so links in e-mails point to ${config.linkBase}; set it to the address users open`);
  }
  if (!config.smtpUrl)
    notConfigured.push('e-mail (SMTP_URL): not configured, so password-reset links are written to this log, not e-mailed');
  if (config.billing.provider === 'none') {
    notConfigured.push(
      'payments: not configured (PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY, or PAYMENT_SANDBOX=on), so subscription checkout is refused',
    );
  } else if (config.billing.provider === 'sandbox') {
    notConfigured.push(
      'payments: the built-in sandbox (moves no money); set PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY for real payments',
    );
  }
  if (!config.notifications.sms) {
    notConfigured.push('SMS (SMS_PROVIDER): not configured, so SMS messages are recorded as not sent (see /notifications)');
  }
  const relaxed: string[] = [];
  if (!config.isProduction) relaxed.push('GraphiQL at /graphql', 'the payment sandbox');
  if (config.graphqlIntrospection) relaxed.push('GraphQL introspection and field suggestions');
  return {
    mode: config.isProduction ? 'production' : 'development',
    url: `http://localhost:${config.port}`,
    publicUrl: config.linkBase,
    notConfigured,
    relaxed,
  };
}

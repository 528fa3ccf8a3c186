import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

export type Mailer = {
  /** Sends the reset link. Returns true when it went out by e-mail, false when only logged (development). */
  sendPasswordReset(to: string, link: string, username: string): Promise<boolean>;
};

export function createMailer(config: Config, logger: Logger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    async sendPasswordReset(to, link, username) {
      if (!transport) {
        // No mail server configured: the link goes to the server log (the operator's eyes only), never
        // to the caller.
        logger.warn({ username, resetLink: link }, 'password reset link (SMTP_URL not set: not e-mailed)');
        return false;
      }
      await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: 'Reset your password',
        text:
          `A password reset was requested for the account "${username}".\n\n` +
          `Open this link within 30 minutes to choose a new password:\n${link}\n\n` +
          `If you did not ask for this, ignore this message; your password stays as it is.`,
      });
      return true;
    },
  };
}

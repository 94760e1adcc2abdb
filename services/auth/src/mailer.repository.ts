// Outgoing mail over SMTP (nodemailer). Without SMTP_URL the mailer says so and sends nothing: the pages then
// tell users that the operator resets passwords. Messages carry one-time links: never log them.
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const disabledMailer: Mailer = {
  enabled: false,
  async send() {
    throw new Error('mail is not configured (SMTP_URL)');
  },
  close() {},
};

/** "Pictura <no-reply@host>" for the host users open the product at. */
export const defaultSender = (publicUrl: string) => `Pictura <no-reply@${new URL(publicUrl).hostname}>`;

/** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465; undefined: no mail. */
export function createMailer(settings: { smtpUrl?: string; from: string }): Mailer {
  if (!settings.smtpUrl) return disabledMailer;
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close: () => transport.close(),
  };
}

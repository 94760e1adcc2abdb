// A real SMTP server on loopback that keeps every message it receives, parsed (smtp-server + mailparser),
// so tests read the mails the product sends. Plain SMTP, no TLS, any or no credentials accepted.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:<port>, what SMTP_URL takes. */
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `address` (after the ones already read with this call), and returns it. */
  nextMailTo(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    // Loopback only, in a test: any credentials pass.
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    messages,
    nextMailTo: (address) =>
      eventually(async () => {
        const mail = messages.find((m) => !read.has(m) && m.to.includes(address.toLowerCase()));
        if (mail) read.add(mail);
        return mail;
      }, `a mail to ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
}

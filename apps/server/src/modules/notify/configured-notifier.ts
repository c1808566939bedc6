import type { Transporter } from 'nodemailer';
import type { SettingsService } from '../settings/service.js';
import type { Notifier, OutgoingMessage } from './outbox.js';

/** Sender used when neither the settings nor SMTP_URL name one. */
export const DEFAULT_FROM = 'APM <no-reply@apm.local>';

/** SMTP options nodemailer takes: a URL (SMTP_URL) or host, port, TLS and credentials. */
export type SmtpOptions =
  string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };

/** Makes a nodemailer transport (injected in tests). */
export type TransportFactory = (options: SmtpOptions) => Promise<Pick<Transporter, 'sendMail'>>;

// nodemailer is loaded on the first e-mail, not at start-up.
const nodemailerTransport: TransportFactory = async (options) =>
  (await import('nodemailer')).default.createTransport(options);

/**
 * Sends e-mail and SMS the way the administrator configured them, read at send time so a
 * change in system settings applies at once:
 * - e-mail: the `smtpServer` setting (with `smtpPassword`) when it names a host, else the
 *   SMTP_URL environment variable, else the outbox folder;
 * - SMS: the `smsProvider` setting's HTTP gateway (JSON POST with the access key and secret)
 *   when it is `http`, else the outbox folder.
 */
export class ConfiguredNotifier implements Notifier {
  private transports = new Map<string, Promise<Pick<Transporter, 'sendMail'>>>();

  constructor(
    private readonly settings: SettingsService,
    private readonly outbox: Notifier,
    private readonly smtpUrl?: string,
    private readonly createTransport: TransportFactory = nodemailerTransport,
    private readonly post: typeof fetch = fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    return message.channel === 'email' ? this.sendEmail(message) : this.sendSms(message);
  }

  private async sendEmail(message: OutgoingMessage): Promise<void> {
    const smtp = await this.settings.get('smtpServer');
    let options: SmtpOptions;
    if (smtp.host) {
      const pass = await this.settings.get('smtpPassword');
      options = {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass } } : {}),
      };
    } else if (this.smtpUrl) {
      options = this.smtpUrl;
    } else {
      return this.outbox.send(message);
    }
    const key = JSON.stringify(options);
    let transport = this.transports.get(key);
    if (!transport) {
      // One transport per configuration; a changed setting gets a new one.
      this.transports.clear();
      transport = this.createTransport(options);
      this.transports.set(key, transport);
    }
    await (
      await transport
    ).sendMail({
      from: smtp.from || DEFAULT_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  private async sendSms(message: OutgoingMessage): Promise<void> {
    const sms = await this.settings.get('smsProvider');
    if (sms.provider !== 'http' || !sms.url) return this.outbox.send(message);
    const secret = await this.settings.get('smsAccessSecret');
    const response = await this.post(sms.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
      body: JSON.stringify({
        to: message.to,
        text: message.text,
        accessKeyId: sms.accessKeyId,
        signName: sms.signName,
        templateCode: sms.templateCode,
        region: sms.region,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}

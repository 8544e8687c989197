import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

const transports = new WeakMap<Config, Transporter>();

/**
 * The SMTP transport when SMTP_URL is set (production); null on the embedded default, where emails
 * stay in the outbox for administrators to read. One pooled transport per configuration.
 */
export function mailTransport(config: Config): Transporter | null {
  if (!config.mail.smtpUrl) return null;
  let transport = transports.get(config);
  if (!transport) {
    transport = nodemailer.createTransport(config.mail.smtpUrl);
    transports.set(config, transport);
  }
  return transport;
}

/** Closes the pooled transport of a configuration (on shutdown and at the end of tests). */
export function closeMailTransport(config: Config): void {
  transports.get(config)?.close();
  transports.delete(config);
}

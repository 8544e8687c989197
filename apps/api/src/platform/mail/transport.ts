import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

const transports = new WeakMap<Config, Transporter>();

/**
 * The SMTP transport when SMTP_URL is set (production); null on the embedded default, where emails
 * stay in the outbox for administrators to read. One pooled transport per configuration: up to
 * `maxConnections` SMTP connections kept open, each carrying up to `maxMessages` emails before it is
 * renewed, so a rush of emails does not pay a TCP and SMTP handshake (and TLS) per message. The job
 * worker's lanes (JOBS_CONCURRENCY) share it; a send waits for a free connection.
 */
export function mailTransport(config: Config): Transporter | null {
  if (!config.mail.smtpUrl) return null;
  let transport = transports.get(config);
  if (!transport) {
    // Options in SMTP_URL's query (for example ?maxConnections=10) take precedence over these.
    transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      pool: true,
      maxConnections: Math.min(config.jobs.concurrency, 5),
      maxMessages: 100,
    });
    transports.set(config, transport);
  }
  return transport;
}

/** Closes the pooled transport of a configuration (on shutdown and at the end of tests). */
export function closeMailTransport(config: Config): void {
  transports.get(config)?.close();
  transports.delete(config);
}

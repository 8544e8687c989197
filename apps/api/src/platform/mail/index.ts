export { deliverMail, type IsMailObsolete, type MailToDeliver } from './deliver';
export { MAIL_SEND_JOB, type OutgoingMail, queueMail } from './outbox';
export { closeMailTransport, mailTransport } from './transport';

export { deliverMail, deliverMails, type IsMailObsolete, type MailToDeliver } from './deliver';
export {
  mailSendBatchJob,
  mailSendJob,
  type OutgoingMail,
  queueMail,
  queueMailInBatches,
  SEND_BATCH,
} from './outbox';
export { closeMailTransport, mailTransport } from './transport';

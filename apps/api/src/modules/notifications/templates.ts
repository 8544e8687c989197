import { toLondon } from '@dcf/domain';

/**
 * The emails, in plain English (NHS.UK content style: short sentences, say what to do and by when,
 * no jargon). Plain text: it reads the same in every mail client and screen reader.
 */
export interface Email {
  subject: string;
  body: string;
}

const SIGN_OFF = [
  '',
  'Data Collection Framework',
  '',
  'This is an automated email. Please do not reply to it. If you need help, contact your data collections team.',
];

/** 'Monthly workforce return', or 'Bed census return': the collection named as a return, once. */
function returnName(collectionName: string): string {
  return /\breturn$/i.test(collectionName) ? collectionName : `${collectionName} return`;
}

function greet(name: string | null): string {
  return name ? `Dear ${name},` : 'Hello,';
}

/**
 * A deadline as people read it: a close at 00:00 London time is the end of the day before
 * ('the end of 14 May 2026'), anything else '14:30 on 14 May 2026'.
 */
export function deadlineText(close: Date): string {
  const london = toLondon(close);
  if (!london) return '';
  if (london.hour === 0 && london.minute === 0)
    return `the end of ${london.minus({ days: 1 }).toFormat('d MMMM yyyy')}`;
  return `${london.toFormat('HH:mm')} on ${london.toFormat('d MMMM yyyy')}`;
}

export interface ReturnContext {
  recipientName: string | null;
  collectionName: string;
  periodName: string;
  organisationName: string;
  close: Date;
  link: string;
}

export function periodOpenedEmail(c: ReturnContext): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} is open for ${c.organisationName}`,
    body: [
      greet(c.recipientName),
      '',
      `The ${returnName(c.collectionName)} for ${c.periodName} is now open for ${c.organisationName}.`,
      '',
      `Please submit it by ${deadlineText(c.close)}.`,
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function reminderEmail(c: ReturnContext): Email {
  return {
    subject: `Reminder: ${c.collectionName} for ${c.periodName} is due by ${deadlineText(c.close)}`,
    body: [
      greet(c.recipientName),
      '',
      `We have not yet received the ${returnName(c.collectionName)} for ${c.periodName} from ${c.organisationName}.`,
      '',
      `Please submit it by ${deadlineText(c.close)}. If you have already started it, you can carry on from where you left off.`,
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

/** '14:30 on 14 May 2026', London time. */
function atTime(instant: Date): string {
  return toLondon(instant)?.toFormat("HH:mm 'on' d MMMM yyyy") ?? '';
}

export function submittedEmail(c: ReturnContext & { submittedBy: string; submittedAt: Date }): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return submitted for ${c.organisationName}`,
    body: [
      greet(c.recipientName),
      '',
      `${c.submittedBy} submitted the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} at ${atTime(c.submittedAt)}.`,
      '',
      'You do not need to do anything else. You can view the return at any time.',
      '',
      `View the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function authorisationRequestedEmail(c: ReturnContext & { requestedBy: string }): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return for ${c.organisationName} needs your authorisation`,
    body: [
      greet(c.recipientName),
      '',
      `${c.requestedBy} has sent the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} for sign-off. It needs an authoriser to check and submit it.`,
      '',
      `Please review and submit it by ${deadlineText(c.close)}.`,
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function nhsiAuthorisationRequestedEmail(
  c: ReturnContext & { submittedBy: string; submittedAt: Date },
): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return for ${c.organisationName} needs NHSI authorisation`,
    body: [
      greet(c.recipientName),
      '',
      `${c.submittedBy} submitted the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} at ${atTime(c.submittedAt)}.`,
      '',
      'This return needs NHSI authorisation. Please check it and authorise it.',
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function nhsiAuthorisedEmail(c: ReturnContext & { authorisedBy: string; authorisedAt: Date }): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return for ${c.organisationName} has NHSI authorisation`,
    body: [
      greet(c.recipientName),
      '',
      `${c.authorisedBy} gave NHSI authorisation for the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} at ${atTime(c.authorisedAt)}.`,
      '',
      'You do not need to do anything else. If you submit the return again, it will need to be authorised again.',
      '',
      `View the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function returnedEmail(c: ReturnContext & { returnedBy: string; reason: string }): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return for ${c.organisationName} needs correcting`,
    body: [
      greet(c.recipientName),
      '',
      `${c.returnedBy} has returned the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} so that it can be corrected.`,
      '',
      'The reason given was:',
      c.reason,
      '',
      'Please correct the return and submit it again.',
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function sentBackEmail(c: ReturnContext & { sentBackBy: string; reason: string }): Email {
  return {
    subject: `${c.collectionName}: ${c.periodName} return for ${c.organisationName} has been sent back to you`,
    body: [
      greet(c.recipientName),
      '',
      `${c.sentBackBy} has sent the ${returnName(c.collectionName)} for ${c.periodName} for ${c.organisationName} back to you instead of signing it off.`,
      '',
      'The reason given was:',
      c.reason,
      '',
      `Please make the changes and send it for sign-off again by ${deadlineText(c.close)}.`,
      '',
      `Open the return: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export interface SummaryContext {
  recipientName: string | null;
  collectionName: string;
  periodName: string;
  close: Date;
  expected: number;
  completed: number;
  onTime: number;
  link: string;
}

export function periodSummaryEmail(c: SummaryContext): Email {
  const missed = c.expected - c.completed;
  return {
    subject: `${c.collectionName}: ${c.periodName} has closed (${c.completed} of ${c.expected} received)`,
    body: [
      greet(c.recipientName),
      '',
      `The ${returnName(c.collectionName)} for ${c.periodName} closed at ${deadlineText(c.close)}.`,
      '',
      `Returns expected: ${c.expected}`,
      `Returns received: ${c.completed} (${c.onTime} on time)`,
      `Returns missed: ${missed}`,
      '',
      `See who has and has not submitted: ${c.link}`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

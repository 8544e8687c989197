import type { SubmissionView } from '@dcf/domain';

/**
 * The ends of a return's journey for the person who acted (product decisions, "The return between
 * people"; decision 0037): each is confirmed on the confirmation page, never in a banner that closes by
 * itself.
 * - submitted: a clerk or authoriser submitted it (no trust authorisation asked of them);
 * - authorised: an authoriser submitted it where the trust's authorisation is required;
 * - nhsiAuthorised: a management-organisation (NHSI) user authorised it;
 * - sentForSignOff: a clerk sent a complete draft to the organisation's authorisers;
 * - sentBack: an authoriser sent it back to the clerks with a reason;
 * - returned: a collection manager returned a submitted return for correction.
 */
export const returnOutcomes = [
  'submitted',
  'authorised',
  'nhsiAuthorised',
  'sentForSignOff',
  'sentBack',
  'returned',
] as const;
export type ReturnOutcome = (typeof returnOutcomes)[number];

export const isReturnOutcome = (value: string | undefined): value is ReturnOutcome =>
  (returnOutcomes as readonly string[]).includes(value ?? '');

/** Where the next piece of work is looked for: the person's own lists, nearest deadline first. */
export type NextWork = 'submitter' | 'signOff' | 'nhsiAuthorisation' | 'period';

export interface OutcomeText {
  /** The panel's heading (the page's h1 and title). */
  title: string;
  /** What happens next, in short paragraphs, from the return as it is now. */
  next: (view: SubmissionView) => string[];
  /** Where "the next return" is looked for. */
  nextWork: NextWork;
}

export const outcomeText: Record<ReturnOutcome, OutcomeText> = {
  submitted: {
    title: 'Return submitted',
    next: (view) =>
      view.isNhsiAuthorisationRequired
        ? [
            'NHSI (the regulator) will now check and authorise it. Until then it shows as awaiting NHSI authorisation.',
            'If anything needs correcting, it will be sent back to your organisation with a reason.',
          ]
        : [
            'The collection’s managers can now see it. Nothing more is needed unless they send it back to your organisation with a reason for correction.',
          ],
    nextWork: 'submitter',
  },
  authorised: {
    title: 'Return authorised and submitted',
    next: (view) =>
      view.isNhsiAuthorisationRequired
        ? [
            'You have signed off your organisation’s return. NHSI (the regulator) will now check and authorise it.',
            'If anything needs correcting, it will be sent back to your organisation with a reason.',
          ]
        : [
            'You have signed off your organisation’s return and the collection’s managers can now see it.',
            'Nothing more is needed unless they send it back for correction.',
          ],
    nextWork: 'signOff',
  },
  nhsiAuthorised: {
    title: 'Return authorised for NHSI',
    next: () => [
      'The return is complete. Its organisation and the collection’s managers can see your authorisation.',
      'If the organisation submits it again, it will come back to your list for authorisation.',
    ],
    nextWork: 'nhsiAuthorisation',
  },
  sentForSignOff: {
    title: 'Return sent for sign-off',
    next: () => [
      'We have emailed your organisation’s authorisers. They will check it, then submit it or send it back to you with a reason.',
    ],
    nextWork: 'submitter',
  },
  sentBack: {
    title: 'Return sent back',
    next: (view) => [
      ...(view.sentBack ? [`Your reason: ${view.sentBack.reason}`] : []),
      'We have emailed your organisation’s data entry clerks. They can see your reason on the return and on their home page.',
      'It will come back to your list when they send it for sign-off again.',
    ],
    nextWork: 'signOff',
  },
  returned: {
    title: 'Return sent back for correction',
    next: () => [
      'The organisation’s data entry clerks and authorisers will find it on their list of returns sent back to them, with your reason.',
      'It shows as returned for correction until they submit it again.',
    ],
    nextWork: 'period',
  },
};

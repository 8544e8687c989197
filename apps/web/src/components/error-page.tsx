import { formatSupportDateTime } from '@dcf/domain/format-support';
import { messages } from '@dcf/domain/messages';
import { useState } from 'react';
import { FullPageMessage } from './full-page-message';

export interface ErrorPageProps {
  /** The moment to quote; defaults to when the page appeared. */
  now?: Date;
}

/**
 * The generic error page (specification, section 2). Uses a plain link home (a full page load) because
 * it may be shown when the app itself is in a bad state.
 */
export function ErrorPage({ now }: ErrorPageProps) {
  const [stamp] = useState(() => formatSupportDateTime(now ?? new Date()));
  return (
    <FullPageMessage title={messages.serviceProblem}>
      <p className="nhsuk-body">Try again later.</p>
      <p className="nhsuk-body">
        Or you can <a href="/">return to the homepage</a>.
      </p>
      <p className="nhsuk-body">
        If the problem continues, contact the support desk. Quote &lsquo;Data Collections&rsquo; and the date
        and time the problem happened: <strong className="dcf-nowrap">{stamp}</strong>.
      </p>
    </FullPageMessage>
  );
}

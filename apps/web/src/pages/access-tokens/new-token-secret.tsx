import type { CreatedAccessToken } from '@dcf/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * The new token's secret, shown this once: the service keeps only a fingerprint of it, so it cannot be
 * shown again. Focus moves here so a screen reader reads it at once.
 */
export function NewTokenSecret({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token.secret);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a denied permission): the text can still be selected and copied.
    }
  }

  return (
    <div className="nhsuk-card nhsuk-card--feature dcf-new-token">
      <div className="nhsuk-card__content nhsuk-card__content--feature">
        <h2
          className="nhsuk-card__heading nhsuk-card__heading--feature nhsuk-heading-m"
          tabIndex={-1}
          ref={heading}
        >
          Token {token.name} created
        </h2>
        <p className="nhsuk-body">
          Copy this token now. You will not be able to see it again. Keep it somewhere safe, such as a
          password manager or your system’s secret store, and never email it or put it in a document.
        </p>
        <p className="nhsuk-body">
          <code className="dcf-token-secret" id="new-token-secret">
            {token.secret}
          </code>
        </p>
        <div className="nhsuk-button-group">
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={copy}>
            Copy token
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--reverse" onClick={onDone}>
            I have copied it
          </button>
        </div>
        <p className="nhsuk-body" aria-live="polite">
          {copied ? 'Token copied.' : ''}
        </p>
        <p className="nhsuk-body-s">
          Power BI and Excel: choose Basic, with your email address as the user name and the token as the
          password. Other systems send it as <code>Authorization: Bearer</code> and the token.
        </p>
      </div>
    </div>
  );
}

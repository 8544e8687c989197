import type { AccessFlags } from '@dcf/domain';
import { Link } from 'react-router';
import { SERVICE_NAME } from '../components/use-page-title';
import { currentState, navigationItems } from './navigation';
import { paths } from './paths';

function NhsLogo() {
  return (
    <svg
      className="nhsuk-header__logo"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 200 80"
      height="40"
      width="100"
      focusable="false"
      aria-hidden="true"
    >
      <path
        fill="currentcolor"
        d="M200 0v80H0V0h200Zm-27.5 5.5c-14.5 0-29 5-29 22 0 10.2 7.7 13.5 14.7 16.3l.7.3c5.4 2 10.1 3.9 10.1 8.4 0 6.5-8.5 7.5-14 7.5s-12.5-1.5-16-3.5L135 70c5.5 2 13.5 3.5 20 3.5 15.5 0 32-4.5 32-22.5 0-19.5-25.5-16.5-25.5-25.5 0-5.5 5.5-6.5 12.5-6.5a35 35 0 0 1 14.5 3l4-13.5c-4.5-2-12-3-20-3Zm-131 2h-22l-14 65H22l9-45h.5l13.5 45h21.5l14-65H64l-9 45h-.5l-13-45Zm63 0h-18l-13 65h17l6-28H117l-5.5 28H129l13.5-65H125L119.5 32h-20l5-24.5Z"
      />
    </svg>
  );
}

export interface HeaderProps {
  user: AccessFlags;
  pathname: string;
}

/**
 * NHS.UK header titled Data Collection Framework, with the role-based navigation and, for a signed-in
 * user, the account area (NHS.UK header's account list): their API access tokens.
 */
export function Header({ user, pathname }: HeaderProps) {
  const items = navigationItems(user, pathname);
  const account = user.isAuthenticated && pathname !== paths.logout && pathname !== paths.endSession;
  return (
    <header className="nhsuk-header">
      <div className="nhsuk-header__container nhsuk-width-container">
        <div className="nhsuk-header__service">
          <Link className="nhsuk-header__service-logo" to="/" aria-label={`NHS ${SERVICE_NAME} homepage`}>
            <NhsLogo />
            <span className="nhsuk-header__service-name">{SERVICE_NAME}</span>
          </Link>
        </div>
        {account ? (
          <nav className="nhsuk-header__account" aria-label="Account">
            <ul className="nhsuk-header__account-list">
              <li className="nhsuk-header__account-item">
                <Link
                  className="nhsuk-header__account-link"
                  to={paths.accessTokens}
                  aria-current={pathname === paths.accessTokens ? 'page' : undefined}
                >
                  API access tokens
                </Link>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
      {items.length > 0 ? (
        <nav className="nhsuk-header__navigation dcf-header__navigation" aria-label="Menu">
          <div className="nhsuk-header__navigation-container nhsuk-width-container">
            <ul className="nhsuk-header__navigation-list">
              {items.map((item) => {
                const current = currentState(item, pathname);
                return (
                  <li
                    key={item.label}
                    className={`nhsuk-header__navigation-item${current ? ' nhsuk-header__navigation-item--current' : ''}${item.label === 'Logout' ? ' dcf-header__navigation-item--end' : ''}`}
                  >
                    <Link className="nhsuk-header__navigation-link" to={item.href} aria-current={current}>
                      {current ? (
                        <strong className="nhsuk-header__navigation-item-current-fallback">
                          {item.label}
                        </strong>
                      ) : (
                        item.label
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </nav>
      ) : null}
    </header>
  );
}

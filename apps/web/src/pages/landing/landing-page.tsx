import { menuSections } from '@dcf/domain/access';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { InsetText } from '../../components';
import { SERVICE_NAME, usePageTitle } from '../../components/use-page-title';

/** Its own chunk: the landing page's first JavaScript does not grow with it. */
const NeedsAttention = lazy(() => import('./needs-attention'));

interface Section {
  heading: string;
  href: string;
  description: string;
}

/** / : what the service is, and a way into each section the user's roles open. */
export function LandingPage() {
  usePageTitle(undefined);
  const user = useUser();
  const sections = menuSections(user);
  const cards: Section[] = [];
  if (sections.submitter) {
    cards.push({
      heading: 'Submit data',
      href: paths.submitterHome,
      description: 'Complete and submit forms for your organisation, one reporting period at a time.',
    });
  }
  if (sections.manager) {
    cards.push({
      heading: 'Manage collections',
      href: paths.managerHome,
      description:
        'Set up forms, schedules and recipient organisations, and follow submissions as they arrive.',
    });
  }
  if (user.isAuthenticated && user.isManagementOrganisationUser) {
    cards.push({
      heading: 'Authorise returns for NHSI',
      href: paths.worklistNhsi,
      description: 'Completed returns in collections that require NHSI authorisation, waiting for you.',
    });
  }
  if (sections.admin) {
    cards.push({
      heading: 'Administer the service',
      href: paths.adminHome,
      description: 'Oversee every collection, organisation and user.',
    });
  }

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1 className="nhsuk-heading-xl">{SERVICE_NAME}</h1>
        <p className="nhsuk-lede-text">
          Collect data from NHS organisations for recurring national collections, and follow every return from
          form to submission.
        </p>
        {user.name ? (
          <p className="nhsuk-body">
            You are signed in as <strong>{user.name}</strong>
            {user.organisation ? <> ({user.organisation})</> : null}.
          </p>
        ) : null}

        <h2 className="nhsuk-heading-m">What you can do</h2>
        {cards.length > 0 ? (
          <ul className="nhsuk-grid-row nhsuk-card-group">
            {cards.map((card) => (
              <li key={card.href} className="nhsuk-grid-column-full nhsuk-card-group__item">
                <div className="nhsuk-card nhsuk-card--clickable">
                  <div className="nhsuk-card__content">
                    <h3 className="nhsuk-card__heading nhsuk-heading-m">
                      <Link className="nhsuk-card__link" to={card.href}>
                        {card.heading}
                      </Link>
                    </h3>
                    <p className="nhsuk-card__description">{card.description}</p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <InsetText>
            <p>
              You do not have a role in any collection yet. Ask the manager of the collection you work on, or
              an administrator, to give you access.
            </p>
          </InsetText>
        )}

        <Suspense fallback={null}>
          <NeedsAttention />
        </Suspense>

        <h2 className="nhsuk-heading-m">How it works</h2>
        <ol className="nhsuk-list nhsuk-list--number">
          <li>
            Managers set up a collection: its form, its schedule of reporting periods and who should respond.
          </li>
          <li>Data entry clerks at each organisation fill in the form while the period is open.</li>
          <li>Authorisers check and submit the return before the deadline.</li>
          <li>Managers and administrators follow progress and export the submissions.</li>
        </ol>
        <p className="nhsuk-body">All dates and times are UK time.</p>
      </div>
    </div>
  );
}

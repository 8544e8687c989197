import { Link } from 'react-router';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { PageContainer } from '../../components/page-container';

interface HubLink {
  text: string;
  href: string;
  description: string;
}

interface HubSection {
  heading: string;
  links: HubLink[];
}

/** The administration hub's links, grouped; feature flags only for super administrators (who change them). */
export function adminHubSections(isSuperAdmin: boolean): HubSection[] {
  return [
    {
      heading: 'Collections',
      links: [
        {
          text: 'Manage collections',
          href: paths.adminManageCollections,
          description: 'Find any collection and open it to set it up.',
        },
        {
          text: 'Create a collection',
          href: paths.createCollection,
          description: 'Start a new collection: its details, then its form, schedule and recipients.',
        },
        {
          text: 'Hidden collections',
          href: paths.hiddenCollections,
          description: 'Archived collections, kept with every submission; restore them from here.',
        },
        {
          text: 'Submissions overview',
          href: paths.adminSubmissions,
          description: 'Every collection’s current period: received, on time and missed.',
        },
      ],
    },
    {
      heading: 'Organisations and people',
      links: [
        {
          text: 'Organisations',
          href: paths.organisations,
          description: 'Find and edit organisations; import ODS files and synchronise with the ODS API.',
        },
        {
          text: 'Users and roles',
          href: paths.adminUsers,
          description: 'Find a user, see and change every role they hold, deactivate them; administrators.',
        },
      ],
    },
    {
      heading: 'Service',
      links: [
        ...(isSuperAdmin
          ? [
              {
                text: 'Feature flags',
                href: paths.adminFeatureFlags,
                description: 'Turn the service’s optional features on or off.',
              },
            ]
          : []),
        {
          text: 'Audit log',
          href: paths.adminAuditLog,
          description: 'Who changed what, and when, across the service.',
        },
        {
          text: 'Email outbox',
          href: paths.adminOutbox,
          description: 'Emails the service has sent or is about to send.',
        },
      ],
    },
  ];
}

/**
 * Administration (routes: /collection/admin and /user/settings, for administrators): a hub with a link
 * to every administration screen, so each is reachable by clicks from the landing page.
 */
export function AdminHomePage() {
  const user = useUser();
  return (
    <PageContainer title="Administration">
      {adminHubSections(user.isAuthenticated && user.isSuperAdmin).map((section) => {
        const id = `admin-${section.heading.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <section key={section.heading} aria-labelledby={id}>
            <h2 className="nhsuk-heading-m" id={id}>
              {section.heading}
            </h2>
            <ul className="nhsuk-list">
              {section.links.map((link) => (
                <li key={link.href}>
                  <Link className="nhsuk-u-font-weight-bold" to={link.href}>
                    {link.text}
                  </Link>
                  <p className="nhsuk-body-s nhsuk-u-secondary-text-colour nhsuk-u-margin-bottom-2">
                    {link.description}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </PageContainer>
  );
}

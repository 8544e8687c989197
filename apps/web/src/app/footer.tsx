import { Link } from 'react-router';
import { paths } from './paths';

/** External NHS pages the footer links to (specification, section 1). */
export const footerLinks = [
  { text: 'NHS sites', href: 'https://www.nhs.uk/nhs-sites/' },
  { text: 'About us', href: 'https://www.nhs.uk/about-us/' },
  { text: 'Contact us', href: 'https://www.nhs.uk/contact-us/' },
  { text: 'Sitemap', href: 'https://www.nhs.uk/about-us/sitemap/' },
  { text: 'Our policies', href: 'https://www.nhs.uk/our-policies/' },
] as const;

/**
 * NHS.UK footer: the service's own accessibility statement (a link inside the app, so it works for a
 * visitor who is not signed in), the support links and the Crown copyright line.
 */
export function Footer() {
  return (
    <footer className="nhsuk-footer">
      <div className="nhsuk-width-container">
        <div className="nhsuk-footer__meta">
          <h2 className="nhsuk-u-visually-hidden">Support links</h2>
          <ul className="nhsuk-footer__list">
            <li className="nhsuk-footer__list-item">
              <Link className="nhsuk-footer__list-item-link" to={paths.accessibility}>
                Accessibility statement
              </Link>
            </li>
            {footerLinks.map((link) => (
              <li key={link.href} className="nhsuk-footer__list-item">
                <a className="nhsuk-footer__list-item-link" href={link.href}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
          <p className="nhsuk-body-s">&copy; Crown copyright</p>
        </div>
      </div>
    </footer>
  );
}

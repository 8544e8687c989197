import { Link } from 'react-router';
import { paths } from '../app/paths';

export interface Crumb {
  text: string;
  /** Omit for the current page (the last crumb is never a link anyway). */
  href?: string;
}

export interface BreadcrumbsProps {
  /** The crumbs after Home, ending with the current page. */
  items: readonly Crumb[];
}

/**
 * NHS.UK breadcrumb (specification, section 2): always starts with Home, linking to /collection/admin;
 * the last crumb is the current page and is not a link. On small screens NHS.UK shows a back link to the
 * parent instead of the list.
 */
export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const crumbs: Crumb[] = [{ text: 'Home', href: paths.adminHome }, ...items];
  const parent = crumbs.length > 1 ? crumbs[crumbs.length - 2] : undefined;
  return (
    <nav className="nhsuk-breadcrumb" aria-label="Breadcrumb">
      <ol className="nhsuk-breadcrumb__list">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${crumb.text}:${crumb.href ?? ''}`} className="nhsuk-breadcrumb__list-item">
              {isLast || !crumb.href ? (
                <span aria-current={isLast ? 'page' : undefined}>{crumb.text}</span>
              ) : (
                <Link className="nhsuk-breadcrumb__link" to={crumb.href}>
                  {crumb.text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      {parent?.href ? (
        <Link className="nhsuk-back-link" to={parent.href}>
          <span className="nhsuk-u-visually-hidden">Back to</span> {parent.text}
        </Link>
      ) : null}
    </nav>
  );
}

export interface PaginationProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** NHS.UK pagination for server-paged lists: Previous, 'Page N of M', Next. */
export function Pagination({ page, pages, onChange }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="nhsuk-pagination" aria-label="Pagination">
      <ul className="nhsuk-list nhsuk-pagination__list">
        {page > 1 ? (
          <li className="nhsuk-pagination-item--previous">
            <button
              type="button"
              className="dcf-link-button nhsuk-pagination__link nhsuk-pagination__link--prev"
              onClick={() => onChange(page - 1)}
            >
              <span className="nhsuk-pagination__title">Previous</span>
              <span className="nhsuk-u-visually-hidden"> page</span>
            </button>
          </li>
        ) : null}
        <li className="nhsuk-pagination__page">
          Page {page} of {pages}
        </li>
        {page < pages ? (
          <li className="nhsuk-pagination-item--next">
            <button
              type="button"
              className="dcf-link-button nhsuk-pagination__link nhsuk-pagination__link--next"
              onClick={() => onChange(page + 1)}
            >
              <span className="nhsuk-pagination__title">Next</span>
              <span className="nhsuk-u-visually-hidden"> page</span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

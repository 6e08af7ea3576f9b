import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";

/** Page links of a list: Previous, each page's number (the current one marked), Next. */
export function Pagination({ page, totalPages, pageUrl }: { page: number; totalPages: number; pageUrl: (page: number) => string }) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className="pagination">
      {page > 1 ? (
        <Link to={pageUrl(page - 1)} rel="prev">
          <Trans>Previous</Trans>
        </Link>
      ) : null}
      <ul>
        {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <Link to={pageUrl(number)} aria-current={number === page ? "page" : undefined}>
              <Trans>
                <span className="visually-hidden">Page </span>
                {number}
              </Trans>
            </Link>
          </li>
        ))}
      </ul>
      {page < totalPages ? (
        <Link to={pageUrl(page + 1)} rel="next">
          <Trans>Next</Trans>
        </Link>
      ) : null}
    </nav>
  );
}

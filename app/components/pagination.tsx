import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";

/**
 * The page numbers a list links to: the first and the last, and the current one with two on each
 * side; a gap (null) where pages are left out, or the one page itself when only one would be left
 * out. A list of 500 pets has 25 pages: linking every one made the pagination the largest part of
 * the list page's markup and server time (decision 045).
 */
export function pageWindow(page: number, totalPages: number, around = 2): (number | null)[] {
  const shown: (number | null)[] = [];
  const from = Math.max(1, page - around);
  const to = Math.min(totalPages, page + around);
  if (from > 1) shown.push(1);
  if (from === 3) shown.push(2);
  else if (from > 3) shown.push(null);
  for (let number = from; number <= to; number++) shown.push(number);
  if (to === totalPages - 2) shown.push(totalPages - 1);
  else if (to < totalPages - 2) shown.push(null);
  if (to < totalPages) shown.push(totalPages);
  return shown;
}

/** Page links of a list: Previous, the pages around the current one (marked) and both ends, Next. */
export function Pagination({
  page,
  totalPages,
  pageUrl,
}: {
  page: number;
  totalPages: number;
  pageUrl: (page: number) => string;
}) {
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
        {pageWindow(page, totalPages).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link to={pageUrl(number)} aria-current={number === page ? "page" : undefined}>
                <Trans>
                  <span className="visually-hidden">Page </span>
                  {number}
                </Trans>
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={pageUrl(page + 1)} rel="next">
          <Trans>Next</Trans>
        </Link>
      ) : null}
    </nav>
  );
}

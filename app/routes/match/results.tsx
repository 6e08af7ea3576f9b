import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";

/** Matches there are, but the filters and the name search left none: the spec's words, then why, then the way back. */
export function NoFilteredMatches({ total }: { total: number }) {
  const href = useLocalePath();
  return (
    <p className="empty">
      <Trans>
        We cannot find any pet records. None of your {total} matches fit these filters.{" "}
        <Link to={href("/match")}>Clear All</Link>
      </Trans>
    </p>
  );
}

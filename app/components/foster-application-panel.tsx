import { Trans } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";

/** The applicant's foster application on /applications (decision 053): its status, or the draft to finish. */
export function FosterApplicationPanel({
  foster,
}: {
  foster: { status: string; statusLabel: string; petName: string | null; petId: number | null } | null;
}) {
  const href = useLocalePath();
  if (!foster) return null;
  const petName = foster.petName;
  return (
    <section className="panel" aria-labelledby="foster-application-title">
      <h2 id="foster-application-title">
        <Trans>Foster application</Trans> <span className="badge badge--status">{foster.statusLabel}</span>
      </h2>
      {foster.status === "draft" ? (
        <p>
          <Link to={href(`/foster/apply${foster.petId ? `?pet_id=${foster.petId}` : ""}`)}>
            <Trans>Finish your foster application</Trans>
          </Link>
        </p>
      ) : (
        <p>
          {petName ? (
            <>
              <Trans>You asked about {petName}.</Trans>{" "}
            </>
          ) : null}
          {foster.status === "applied" ? (
            <Trans>Our foster coordinator will be in touch within two business days.</Trans>
          ) : (
            <Trans>We email you whenever this changes.</Trans>
          )}
        </p>
      )}
      {foster.status === "approved" || foster.status === "active" || foster.status === "on_break" ? (
        <p>
          <Trans>
            <Link to={href("/foster/pets")}>My foster pets</Link>: the pets placed with you, and your notes about them
            for adopters.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}

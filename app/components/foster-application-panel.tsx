import { Link } from "@remix-run/react";

/** The applicant's foster application on /applications (decision 053): its status, or the draft to finish. */
export function FosterApplicationPanel({ foster }: { foster: { status: string; statusLabel: string; petName: string | null; petId: number | null } | null }) {
  if (!foster) return null;
  return (
    <section className="panel" aria-labelledby="foster-application-title">
      <h2 id="foster-application-title">
        Foster application <span className="badge badge--status">{foster.statusLabel}</span>
      </h2>
      {foster.status === "draft" ? (
        <p>
          <Link to={`/foster/apply${foster.petId ? `?pet_id=${foster.petId}` : ""}`}>Finish your foster application</Link>
        </p>
      ) : (
        <p>
          {foster.petName ? `You asked about ${foster.petName}. ` : ""}
          {foster.status === "applied" ? "Our foster coordinator will be in touch within two business days." : "We email you whenever this changes."}
        </p>
      )}
      {foster.status === "approved" || foster.status === "active" || foster.status === "on_break" ? (
        <p>
          <Link to="/foster/pets">My foster pets</Link>: the pets placed with you, and your notes about them for adopters.
        </p>
      ) : null}
    </section>
  );
}

/** A pet's state beside its name, in the list and on its page. */
export function Badges({ onHold, adopted, until, draft }: { onHold: boolean; adopted: boolean; until?: string | null; draft: boolean }) {
  return (
    <>
      {draft ? <span className="badge badge--draft">Draft</span> : null}
      {onHold ? <span className="badge badge--hold">{until ? `On hold until ${until}` : "On hold"}</span> : null}
      {adopted ? <span className="badge badge--adopted">Newly adopted</span> : null}
    </>
  );
}

import { useLoaderData } from "@remix-run/react";
import { formatDate } from "#app/components/personal-lists";

export interface FosterHomeData {
  inFosterHome: boolean;
  listed: boolean;
  notes: { id: number; text: string; photos: string[]; createdAt: string }[];
}

/**
 * What the pet's public page shows of fostering (decision 053): "In a foster home" while it is
 * placed, and the foster's notes that staff approved, as "From the foster home".
 */
export function FosterHome() {
  // The pet page's loader sends `fosterHome` (models/foster-placements `fosterHomeOf`) beside its pet.
  const { pet, fosterHome } = useLoaderData<{ pet: { name: string }; fosterHome: FosterHomeData }>();
  const petName = pet.name;
  if (!fosterHome.inFosterHome && fosterHome.notes.length === 0) return null;
  return (
    <section className="foster-home stack" aria-labelledby="foster-home-title">
      {fosterHome.inFosterHome ? (
        <p className="badge badge--status" id="foster-home-status">
          In a foster home{fosterHome.listed ? "" : ": not up for adoption just now"}
        </p>
      ) : null}
      {fosterHome.notes.length > 0 ? (
        <>
          <h2 id="foster-home-title">From the foster home</h2>
          {fosterHome.notes.map((note) => (
            <figure key={note.id} className="foster-home__note">
              <blockquote>
                <p>{note.text}</p>
              </blockquote>
              {note.photos.map((src, index) => (
                <img key={src} src={src} alt={`${petName} at the foster home (${index + 1})`} width={240} height={180} loading="lazy" />
              ))}
              <figcaption>
                <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
              </figcaption>
            </figure>
          ))}
        </>
      ) : (
        <h2 id="foster-home-title" className="visually-hidden">Fostering</h2>
      )}
    </section>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { useFormatDate } from "#app/components/personal-lists";
import { PetPhoto } from "#app/components/pet-photo";

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
  const { t } = useLingui();
  const formatDate = useFormatDate();
  if (!fosterHome.inFosterHome && fosterHome.notes.length === 0) return null;
  return (
    <section className="foster-home stack" aria-labelledby="foster-home-title">
      {fosterHome.inFosterHome ? (
        <p className="badge badge--status" id="foster-home-status">
          {fosterHome.listed ? (
            <Trans>In a foster home</Trans>
          ) : (
            <Trans>In a foster home: not up for adoption just now</Trans>
          )}
        </p>
      ) : null}
      {fosterHome.notes.length > 0 ? (
        <>
          <h2 id="foster-home-title">
            <Trans>From the foster home</Trans>
          </h2>
          {fosterHome.notes.map((note) => (
            <figure key={note.id} className="foster-home__note">
              <blockquote>
                <p>{note.text}</p>
              </blockquote>
              {note.photos.map((src, index) => {
                const number = index + 1;
                return (
                  <PetPhoto
                    key={src}
                    src={src}
                    alt={t`${petName} at the foster home (${number})`}
                    width={240}
                    height={180}
                    sizes="240px"
                    loading="lazy"
                  />
                );
              })}
              <figcaption>
                <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time>
              </figcaption>
            </figure>
          ))}
        </>
      ) : (
        <h2 id="foster-home-title" className="visually-hidden">
          <Trans>Fostering</Trans>
        </h2>
      )}
    </section>
  );
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { matchPets } from "#app/lib/match/scoring";
import { isComplete } from "#app/lib/match/questionnaire";
import { readStoredAnswers } from "#app/lib/match/questionnaire-schemas";
import { localizedPath } from "#app/lib/i18n/locale";
import { noLongerAvailableMessage } from "#app/lib/visits/visit-emails";
import { accountLocale, i18nFor } from "#app/locales/catalogs.server";
import { otherApplicants } from "#app/models/adoption-closes.server";
import { listMatchCandidates } from "#app/models/pets.server";
import { sendAfterResponse } from "./notify.server";

export type OtherApplicants = Awaited<ReturnType<typeof otherApplicants>>;

/** Read before the adoption's write: who it will tell. */
export const applicantsToTell = (context: AppLoadContext, petId: number, exceptApplicationId: number | null) =>
  otherApplicants(context.db, petId, exceptApplicationId);

/**
 * After the adoption: each other applicant gets a kind email naming up to three listed pets that
 * match their questionnaire answers (the matchmaker), or of the same species if they have none; in
 * their account's language, with links to its pages.
 */
export async function tellOtherApplicants(
  context: AppLoadContext,
  others: OtherApplicants,
  pet: { id: number; name: string; species: string },
  origin: string,
) {
  if (others.length === 0) return;
  // The pets /match offers (publicly listed: not held, adopted or deleted).
  const listed = (await listMatchCandidates(context.db)).filter((candidate) => candidate.id !== pet.id);
  for (const other of others) {
    const answers = readStoredAnswers(other.matchAnswers);
    const picks = isComplete(answers)
      ? matchPets(answers, listed).map((match) => match.pet)
      : listed.filter((candidate) => candidate.species === pet.species);
    const locale = accountLocale(other.language);
    const page = (path: string) => `${origin}${localizedPath(path, locale)}`;
    const suggestions = picks
      .slice(0, 3)
      .map((candidate) => ({ name: candidate.name, link: page(`/adopt/pet?pet_id=${candidate.id}`) }));
    sendAfterResponse(
      context,
      noLongerAvailableMessage(other.email, other.firstName, pet.name, suggestions, page("/adopt"), i18nFor(locale)),
    );
  }
}

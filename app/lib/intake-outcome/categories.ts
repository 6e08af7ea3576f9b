/**
 * How an animal came to the shelter (an intake) and how it left (an outcome), in Shelter Animals
 * Count's categories (decision 064). Pure: the names, SAC's names for the report's CSV, and which
 * outcomes are live. The labels are English and the ids of their catalogue entries (`/*i18n*\/`).
 */

export const intakeTypes = [
  "stray",
  "relinquished",
  "returned_adoption",
  "owner_intended_euthanasia",
  "transfer_in_state",
  "transfer_out_of_state",
  "transfer_international",
  "seized",
  "born_in_care",
  "other",
] as const;
export type IntakeType = (typeof intakeTypes)[number];

export const outcomeTypes = [
  "adoption",
  "returned_to_owner",
  "transferred_out",
  "returned_to_field",
  "died_in_care",
  "lost_in_care",
  "shelter_euthanasia",
  "owner_intended_euthanasia",
] as const;
export type OutcomeType = (typeof outcomeTypes)[number];

/** The outcomes staff record from the pet's panel: adoption is recorded by "Mark adopted" alone. */
export const recordableOutcomeTypes = outcomeTypes.filter(
  (type): type is Exclude<OutcomeType, "adoption"> => type !== "adoption",
);

export const intakeLabels: Record<IntakeType, string> = {
  stray: /*i18n*/ "Stray or at large",
  relinquished: /*i18n*/ "Relinquished by owner",
  returned_adoption: /*i18n*/ "Returned adoption (relinquished by owner)",
  owner_intended_euthanasia: /*i18n*/ "Owner-intended euthanasia",
  transfer_in_state: /*i18n*/ "Transferred in from in state",
  transfer_out_of_state: /*i18n*/ "Transferred in from out of state",
  transfer_international: /*i18n*/ "Transferred in from abroad",
  seized: /*i18n*/ "Seized or impounded",
  born_in_care: /*i18n*/ "Born in care",
  other: /*i18n*/ "Other intake",
};

export const outcomeLabels: Record<OutcomeType, string> = {
  adoption: /*i18n*/ "Adoption",
  returned_to_owner: /*i18n*/ "Returned to owner",
  transferred_out: /*i18n*/ "Transferred out",
  returned_to_field: /*i18n*/ "Returned to field",
  died_in_care: /*i18n*/ "Died in care",
  lost_in_care: /*i18n*/ "Lost in care",
  shelter_euthanasia: /*i18n*/ "Shelter euthanasia",
  owner_intended_euthanasia: /*i18n*/ "Owner-intended euthanasia",
};

/**
 * SAC's intake columns: a returned adoption is SAC's "Relinquished by Owner" (its own subtype here,
 * so the shelter can count returns), every other type is one column of its own.
 */
export type SacIntakeColumn = Exclude<IntakeType, "returned_adoption">;
export const sacIntakeColumns = intakeTypes.filter((type): type is SacIntakeColumn => type !== "returned_adoption");

export function sacIntakeColumnOf(type: IntakeType): SacIntakeColumn {
  return type === "returned_adoption" ? "relinquished" : type;
}

/** SAC's own names, the CSV's headings (Shelter Animals Count, Intake & Outcome form). */
export const sacIntakeNames: Record<SacIntakeColumn, string> = {
  stray: "Stray/At Large",
  relinquished: "Relinquished by Owner",
  owner_intended_euthanasia: "Owner-Intended Euthanasia",
  transfer_in_state: "Transferred in from Agency: In-State",
  transfer_out_of_state: "Transferred in from Agency: Out-of-State",
  transfer_international: "Transferred in from Agency: International",
  seized: "Seized/Impounded",
  born_in_care: "Born in Care",
  other: "Other Intakes",
};

export const sacOutcomeNames: Record<OutcomeType, string> = {
  adoption: "Adoption",
  returned_to_owner: "Returned to Owner",
  transferred_out: "Transferred to Another Agency",
  returned_to_field: "Returned to Field",
  died_in_care: "Died in Care",
  lost_in_care: "Lost in Care",
  shelter_euthanasia: "Shelter Euthanasia",
  owner_intended_euthanasia: "Owner-Intended Euthanasia",
};

/** Live outcomes (SAC / Asilomar): the animal left alive. Lost in care is neither live nor counted as a death. */
const liveOutcomes: ReadonlySet<OutcomeType> = new Set([
  "adoption",
  "returned_to_owner",
  "transferred_out",
  "returned_to_field",
]);
/** Non-live outcomes: the animal died or was euthanised (lost in care is not one: its fate is unknown). */
const nonLiveOutcomes: ReadonlySet<OutcomeType> = new Set([
  "died_in_care",
  "shelter_euthanasia",
  "owner_intended_euthanasia",
]);

export function isLiveOutcome(type: OutcomeType): boolean {
  return liveOutcomes.has(type);
}

export function isNonLiveOutcome(type: OutcomeType): boolean {
  return nonLiveOutcomes.has(type);
}

/** SAC's species groups: the report has one row per group and age group. */
export const speciesGroups = ["canine", "feline", "other"] as const;
export type SpeciesGroup = (typeof speciesGroups)[number];

export function speciesGroupOf(species: string): SpeciesGroup {
  if (species === "Dog") return "canine";
  if (species === "Cat") return "feline";
  return "other";
}

/** SAC's age groups: "up to 5 months" at intake, or adult. */
export const ageGroups = ["adult", "youth"] as const;
export type AgeGroup = (typeof ageGroups)[number];

export function ageGroupOf(ageMonthsAtIntake: number): AgeGroup {
  return ageMonthsAtIntake <= 5 ? "youth" : "adult";
}

export function isIntakeType(value: unknown): value is IntakeType {
  return typeof value === "string" && (intakeTypes as readonly string[]).includes(value);
}

export function isOutcomeType(value: unknown): value is OutcomeType {
  return typeof value === "string" && (outcomeTypes as readonly string[]).includes(value);
}

import type { ApplicationQuestion, ApplicationSection } from "../applications/application-questions";
import { landlordAnswers, otherPetCare, ownership } from "../applications/application-questions";

/**
 * The foster application (issue 25, decision 053): its questions (one description for the form, the
 * staff view and the roster) and the statuses of a foster. What a foster can take and how many at
 * once are what the staff's roster filters on. Pure.
 */
export const fosterCanTake = [
  { value: "dogs", label: /*i18n*/ "Dogs" },
  { value: "cats", label: /*i18n*/ "Cats" },
  { value: "bottle-babies", label: /*i18n*/ "Kittens or puppies that need bottle feeding" },
  { value: "medical", label: /*i18n*/ "Animals recovering from illness or surgery" },
  { value: "behaviour", label: /*i18n*/ "Animals that need behaviour work" },
  { value: "hospice", label: /*i18n*/ "Old or ill animals at the end of their life (hospice)" },
] as const;
export const fosterCanTakeValues = fosterCanTake.map((option) => option.value) as [string, ...string[]];
export const transportAnswers = [
  /*i18n*/ "I have a car",
  /*i18n*/ "I can get a lift",
  /*i18n*/ "I need the shelter to drive",
] as const;

export const fosterSections: ApplicationSection[] = [
  {
    id: "contact",
    legend: /*i18n*/ "Contact details",
    questions: [
      { name: "fullName", label: /*i18n*/ "Full name", kind: "text", autoComplete: "name" },
      { name: "phone", label: /*i18n*/ "Phone", kind: "tel", autoComplete: "tel" },
      { name: "street", label: /*i18n*/ "Street address", kind: "text", autoComplete: "street-address" },
      { name: "city", label: /*i18n*/ "City", kind: "text", autoComplete: "address-level2" },
      { name: "region", label: /*i18n*/ "State", kind: "text", autoComplete: "address-level1" },
      { name: "postalCode", label: /*i18n*/ "ZIP code", kind: "text", autoComplete: "postal-code" },
    ],
  },
  {
    id: "household",
    legend: /*i18n*/ "Your home and household",
    questions: [
      { name: "ownership", label: /*i18n*/ "Do you own or rent your home?", kind: "select", options: ownership },
      {
        name: "landlordAllowsPets",
        label: /*i18n*/ "If you rent: does your landlord allow foster pets?",
        kind: "select",
        options: landlordAnswers,
      },
      { name: "adults", label: /*i18n*/ "Adults in the home (you included)", kind: "number" },
      { name: "children", label: /*i18n*/ "Children in the home", kind: "number" },
      { name: "childrenAges", label: /*i18n*/ "Children's ages", kind: "text", optional: true },
    ],
  },
  {
    id: "pets",
    legend: /*i18n*/ "Your own pets",
    questions: [
      { name: "otherPets", label: /*i18n*/ "Pets you have now (species, age)", kind: "textarea", optional: true },
      {
        name: "otherPetsNeutered",
        label: /*i18n*/ "Are they spayed or neutered?",
        kind: "select",
        options: otherPetCare,
      },
      {
        name: "otherPetsVaccinated",
        label: /*i18n*/ "Are their vaccinations up to date?",
        kind: "select",
        options: otherPetCare,
      },
    ],
  },
  {
    id: "capacity",
    legend: /*i18n*/ "How many at once",
    questions: [
      { name: "dogPlaces", label: /*i18n*/ "Dogs you could take at once", kind: "number" },
      { name: "catPlaces", label: /*i18n*/ "Cats you could take at once", kind: "number" },
    ],
  },
  {
    id: "away",
    legend: /*i18n*/ "Dates you are away",
    questions: [
      { name: "awayFrom", label: /*i18n*/ "Away from (date, if you know one)", kind: "text", optional: true },
      { name: "awayUntil", label: /*i18n*/ "Back on (date)", kind: "text", optional: true },
    ],
  },
  {
    id: "practical",
    legend: /*i18n*/ "Getting around, and your vet",
    questions: [
      {
        name: "transport",
        label: /*i18n*/ "Can you bring a pet to the shelter and the vet?",
        kind: "select",
        options: transportAnswers,
      },
      { name: "vetName", label: /*i18n*/ "Your vet's name or clinic (if you have one)", kind: "text", optional: true },
      { name: "vetPhone", label: /*i18n*/ "Your vet's phone", kind: "tel", optional: true },
      { name: "notes", label: /*i18n*/ "Anything else we should know", kind: "textarea", optional: true },
    ],
  },
];

export const fosterQuestions: ApplicationQuestion[] = fosterSections.flatMap((section) => section.questions);

/** Answers as stored: each question's text, and `canTake` as the list of values ticked. */
export type FosterAnswers = Record<string, string> & { canTake?: string };

export function storedFosterAnswers(values: Record<string, unknown>): FosterAnswers {
  const answers: FosterAnswers = {};
  for (const question of fosterQuestions) {
    const value = values[question.name];
    if (value !== undefined && value !== null && value !== "") answers[question.name] = String(value);
  }
  const canTake = values.canTake;
  if (Array.isArray(canTake) && canTake.length > 0) answers.canTake = canTake.join(",");
  return answers;
}

export const canTakeOf = (answers: FosterAnswers): string[] => (answers.canTake ? answers.canTake.split(",") : []);

/** What the foster can take, in words; `translate` gives each label in the page's language (`(id) => i18n._(id)`). */
export function canTakeLabels(answers: FosterAnswers, translate: (label: string) => string = (label) => label): string {
  return canTakeOf(answers)
    .map((value) => {
      const label = fosterCanTake.find((option) => option.value === value)?.label;
      return label ? translate(label) : value;
    })
    .join(", ");
}

/** A draft until sent; then applied → approved → active (has pets) → on a break → inactive; or declined. */
export const fosterStatuses = ["draft", "applied", "approved", "active", "on_break", "inactive", "declined"] as const;
export type FosterStatus = (typeof fosterStatuses)[number];

export const fosterStatusLabels: Record<FosterStatus, string> = {
  draft: /*i18n*/ "Draft",
  applied: /*i18n*/ "Applied",
  approved: /*i18n*/ "Approved",
  active: /*i18n*/ "Active (fostering)",
  on_break: /*i18n*/ "On a break",
  inactive: /*i18n*/ "Inactive",
  declined: /*i18n*/ "Declined",
};

/**
 * What staff may move a foster to. "active" is not chosen: placing a pet makes a foster active and
 * ending the last placement makes them approved again.
 */
const fosterMoves: Record<FosterStatus, readonly FosterStatus[]> = {
  draft: [],
  applied: ["approved", "declined"],
  approved: ["on_break", "inactive"],
  active: ["on_break"],
  on_break: ["approved", "inactive"],
  inactive: ["approved"],
  declined: [],
};

export function fosterMovesFrom(status: FosterStatus): readonly FosterStatus[] {
  return fosterMoves[status];
}

export function canMoveFoster(from: FosterStatus, to: string): to is FosterStatus {
  return (fosterMoves[from] as readonly string[]).includes(to);
}

/** The status machine in one value, as the inbox's item kinds take it (services/inbox-items.server.ts). */
export const fosterMachine = {
  statuses: fosterStatuses,
  movesFrom: fosterMovesFrom,
  canMove: canMoveFoster,
  labels: fosterStatusLabels,
};

export const openFosterStatuses = ["applied"] as const satisfies readonly FosterStatus[];

/** The roster's filters (decision 053): which species, how many free places at least, free on a date. */
export interface RosterFilter {
  species: "dogs" | "cats" | null;
  minPlaces: number;
  /** An ISO date (yyyy-mm-dd) the foster must not be away on, or null. */
  freeOn: string | null;
}

export interface RosterFoster {
  status: FosterStatus;
  answers: FosterAnswers;
  /** The pets placed with them now, by species (their free places are what is left). */
  placed?: Placed;
}

export type Placed = { dogs: number; cats: number };

const places = (answers: FosterAnswers, species: "dogs" | "cats") => {
  const value = Number(answers[species === "dogs" ? "dogPlaces" : "catPlaces"] ?? 0);
  return Number.isInteger(value) && value > 0 && canTakeOf(answers).includes(species) ? value : 0;
};

/** How many dogs and cats the foster can take at once (0 for a species they do not take). */
export function placesOf(answers: FosterAnswers) {
  return { dogs: places(answers, "dogs"), cats: places(answers, "cats") };
}

/** The places a foster offered less the pets placed with them now, never below 0. */
export function freePlacesOf(answers: FosterAnswers, placed: Placed = { dogs: 0, cats: 0 }) {
  const offered = placesOf(answers);
  return { dogs: Math.max(0, offered.dogs - placed.dogs), cats: Math.max(0, offered.cats - placed.cats) };
}

/** Counts open placements by foster and species (pets of other species take none of the places). */
export function placedByFoster(placements: { fosterId: number; species: string }[]): Map<number, Placed> {
  const placed = new Map<number, Placed>();
  for (const { fosterId, species } of placements) {
    const count = placed.get(fosterId) ?? { dogs: 0, cats: 0 };
    if (species === "Dog") count.dogs += 1;
    else if (species === "Cat") count.cats += 1;
    placed.set(fosterId, count);
  }
  return placed;
}

/** Whether the foster is away on `date` (both ends of their away dates included). */
export function isAwayOn(answers: FosterAnswers, date: string): boolean {
  const from = answers.awayFrom;
  const until = answers.awayUntil ?? from;
  return Boolean(from && until && from <= date && date <= until);
}

/** The fosters who may take an animal now (approved or active) and match the filter. */
export function matchesRoster(foster: RosterFoster, filter: RosterFilter): boolean {
  if (foster.status !== "approved" && foster.status !== "active") return false;
  const free = freePlacesOf(foster.answers, foster.placed);
  const wanted = filter.species ? free[filter.species] : Math.max(free.dogs, free.cats);
  if (wanted < Math.max(1, filter.minPlaces)) return false;
  return !(filter.freeOn && isAwayOn(foster.answers, filter.freeOn));
}

/**
 * Adoption papers, pure (decision 070): the contract filled from its template, the typed name checked
 * against the applicant's, and the fee due.
 */

export interface ContractFacts {
  adopterName: string;
  adopterAddress: string;
  petName: string;
  species: string;
  breed: string;
  sex: string;
  age: string;
  /** Already formatted in the contract's language ("$150.00"). */
  fee: string;
  /** Already formatted in the contract's language. */
  date: string;
  shelterName: string;
  shelterAddress: string;
  shelterPhone: string;
}

/** The template with each {placeholder} replaced by its fact; an unknown placeholder stays as written. */
export function fillContract(template: string, facts: ContractFacts): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(facts, key) ? facts[key as keyof ContractFacts] : whole,
  );
}

/** A name as compared: no accents, lower case, one space between words, no spaces around. */
export function normalizeName(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-US").replace(/\s+/gu, " ").trim();
}

/**
 * Whether the typed name is the applicant's: the full name on the application, or the account's first
 * and last name, with case, accents and extra spaces aside. Nothing looser (no initials, no nicknames):
 * the signature must name the person the contract names.
 */
export function nameMatches(typed: string, accepted: readonly string[]): boolean {
  const wanted = normalizeName(typed);
  if (!wanted) return false;
  return accepted.some((name) => normalizeName(name) === wanted);
}

/** The fee due in cents: the pet's fee less what sponsors paid, never below 0; 0 when waived. */
export function feeDueCents(petFeeDollars: number, sponsoredCents: number, waived: boolean): number {
  if (waived) return 0;
  const fee = Math.max(0, Math.round(petFeeDollars * 100));
  return Math.max(0, fee - Math.max(0, sponsoredCents));
}

/** The optional gift the adopter adds at checkout: none, a preset, or another amount (whole dollars, $1 to $10,000). */
export const giftPresetDollars = [10, 25, 50] as const;

export function giftCentsOf(choice: string | null, other: string | null): number | "invalid" {
  if (!choice || choice === "none") return 0;
  if (choice === "other") {
    const text = (other ?? "").trim();
    if (!/^\d{1,5}$/.test(text)) return "invalid";
    const dollars = Number(text);
    return dollars >= 1 && dollars <= 10_000 ? dollars * 100 : "invalid";
  }
  const preset = Number(choice);
  return (giftPresetDollars as readonly number[]).includes(preset) ? preset * 100 : "invalid";
}

/** SHA-256 of bytes or text, as lower-case hex (Web Crypto: Workers and Node alike). */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

import { createDb } from "#app/db/client.server";
import { shelter } from "#app/config/shelter";
import { hashPassword } from "#app/lib/accounts/crypto";
import { addMember, ensureOrganisation, shelterOrganisationSlug } from "#app/models/organisations.server";
import { createUser, findUserByEmail } from "#app/models/users.server";

/** The demo accounts listed in the README (local demo data only). */
export const demoAccounts = {
  adopter: { email: "adopter@example.com", password: "paws-and-whiskers-42", firstName: "Alex", lastName: "Adopter" },
  staff: { email: "staff@example.com", password: "shelter-staff-2026", firstName: "Sam", lastName: "Staff" },
} as const;

/**
 * Creates the demo adopter and the demo staff owner (with the shelter's organisation) if they are
 * missing; existing accounts are left as they are.
 */
export async function ensureDemoAccounts(d1: D1Database) {
  const db = createDb(d1);
  const organisation = await ensureOrganisation(db, shelterOrganisationSlug, shelter.name);
  let created = 0;
  for (const account of Object.values(demoAccounts)) {
    if (await findUserByEmail(db, account.email)) continue;
    await createUser(db, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: await hashPassword(account.password),
      emailConfirmedAt: new Date(),
    });
    created += 1;
  }
  const staff = await findUserByEmail(db, demoAccounts.staff.email);
  if (staff && created > 0) await addMember(db, organisation.id, staff.id, "owner");
  return { created };
}

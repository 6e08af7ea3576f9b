import { shelter } from "#app/config/shelter";
import type { Role } from "#app/lib/accounts/permissions";
import { shelterOrganisationSlug } from "#app/models/organisations.server";

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The statements `npm run staff:grant` runs with `wrangler d1 execute`: the shelter's organisation,
 * the membership (only for an account whose address is confirmed: anyone can register an address
 * they do not own, decision 025), and a last SELECT saying what happened.
 */
export function staffGrantStatements(email: string, role: Role, now = Date.now()): string[] {
  return [
    `insert into organisations (slug, name, created_at) values (${quote(shelterOrganisationSlug)}, ${quote(shelter.name)}, ${now}) on conflict(slug) do nothing;`,
    `insert into memberships (organisation_id, user_id, role, created_at)
       select o.id, u.id, ${quote(role)}, ${now} from organisations o, users u
       where o.slug = ${quote(shelterOrganisationSlug)} and u.email = ${quote(email)} and u.email_confirmed_at is not null
       on conflict(organisation_id, user_id) do update set role = excluded.role;`,
    `select u.email as email, u.email_confirmed_at is not null as confirmed, m.role as role
       from users u left join memberships m on m.user_id = u.id
         and m.organisation_id = (select id from organisations where slug = ${quote(shelterOrganisationSlug)})
       where u.email = ${quote(email)};`,
  ];
}

export interface StaffGrantRow {
  email: string;
  confirmed: number;
  role: string | null;
}

/** What the script says and its exit code, from the last statement's row. */
export function staffGrantOutcome(
  email: string,
  row: StaffGrantRow | undefined,
): { message: string; exitCode: number } {
  if (!row)
    return { message: `No account for ${email}. They need to sign up (or sign in with Google) first.`, exitCode: 1 };
  if (!row.confirmed) {
    return {
      message: `${email} has not confirmed the email address yet, so it may not be theirs. Ask them to follow the link in the confirmation email (or sign in with Google), then run this again.`,
      exitCode: 1,
    };
  }
  if (!row.role) return { message: `${email} could not be made staff.`, exitCode: 1 };
  return { message: `${row.email} is now ${row.role} of ${shelter.name}.`, exitCode: 0 };
}

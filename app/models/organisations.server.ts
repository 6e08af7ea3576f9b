import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { invitations, memberships, organisations, users } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/crypto";
import type { Role } from "#app/lib/permissions";

/** The shelter's own organisation: staff belong to it. */
export const shelterOrganisationSlug = "shelter";

export async function ensureOrganisation(db: Database, slug: string, name: string) {
  await db.insert(organisations).values({ slug, name }).onConflictDoNothing({ target: organisations.slug });
  const organisation = await db.query.organisations.findFirst({ where: eq(organisations.slug, slug) });
  if (!organisation) throw new Error(`organisation ${slug} could not be created`);
  return organisation;
}

export async function membershipsOf(db: Database, userId: number) {
  return db
    .select({ organisationId: memberships.organisationId, role: memberships.role, name: organisations.name })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organisations.id));
}

export async function addMember(db: Database, organisationId: number, userId: number, role: Role) {
  await db
    .insert(memberships)
    .values({ organisationId, userId, role })
    .onConflictDoUpdate({ target: [memberships.organisationId, memberships.userId], set: { role } });
}

export async function listMembers(db: Database, organisationId: number) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function setMemberRole(db: Database, organisationId: number, userId: number, role: Role) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

export async function removeMember(db: Database, organisationId: number, userId: number) {
  await db.delete(memberships).where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
}

export const invitationTtlMs = 7 * 24 * 60 * 60 * 1000;

export async function createInvitation(db: Database, invitation: { organisationId: number; email: string; role: Role; invitedBy: number }) {
  const token = randomToken();
  await db.insert(invitations).values({
    ...invitation,
    email: invitation.email.toLowerCase(),
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(Date.now() + invitationTtlMs),
  });
  return token;
}

/** Removes an invitation that was never delivered. */
export async function withdrawInvitation(db: Database, token: string) {
  await db.delete(invitations).where(eq(invitations.tokenHash, await sha256Hex(token)));
}

export async function pendingInvitations(db: Database, organisationId: number) {
  return db
    .select({ email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.organisationId, organisationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(asc(invitations.email));
}

/** A still-open invitation and its organisation's name, or undefined. */
export async function findInvitation(db: Database, token: string) {
  const [row] = await db
    .select({ email: invitations.email, role: invitations.role, organisationId: invitations.organisationId, organisation: organisations.name })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(and(eq(invitations.tokenHash, await sha256Hex(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .limit(1);
  return row;
}

/**
 * Accepts an invitation for the signed-in user whose e-mail it was sent to, in one batch (all or
 * nothing): marks it used, adds the membership, and confirms the address it was e-mailed to. The
 * last two only happen if this batch marked it used (same `accepted_at`). Returns false when it is
 * not open or not theirs.
 */
export async function acceptInvitation(db: Database, token: string, user: { id: number; email: string }) {
  const tokenHash = await sha256Hex(token);
  const acceptedAt = new Date();
  const acceptedHere = sql`select 1 from ${invitations} where ${invitations.tokenHash} = ${tokenHash} and ${invitations.acceptedAt} = ${acceptedAt.getTime()}`;
  const [accepted] = await db.batch([
    db
      .update(invitations)
      .set({ acceptedAt })
      .where(
        and(
          eq(invitations.tokenHash, tokenHash),
          eq(invitations.email, user.email.toLowerCase()),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning({ organisationId: invitations.organisationId }),
    db
      .insert(memberships)
      .select(
        sql`select ${invitations.organisationId} as organisation_id, ${user.id} as user_id, ${invitations.role} as role, ${acceptedAt.getTime()} as created_at
          from ${invitations} where ${invitations.tokenHash} = ${tokenHash} and ${invitations.acceptedAt} = ${acceptedAt.getTime()}`,
      )
      .onConflictDoUpdate({ target: [memberships.organisationId, memberships.userId], set: { role: sql`excluded.role` } }),
    db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${acceptedAt.getTime()})` })
      .where(and(eq(users.id, user.id), sql`exists (${acceptedHere})`)),
  ]);
  return accepted.length > 0;
}

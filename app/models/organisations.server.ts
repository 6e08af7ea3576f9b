import { and, asc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import type { BatchItem } from "drizzle-orm/batch";
import { invitations, memberships, organisations, securityEvents, users } from "#app/db/schema";
import { randomToken, sha256Hex } from "#app/lib/accounts/crypto";
import { rolesWith } from "#app/lib/accounts/membership-rules";
import { roles, type Permission, type Role } from "#app/lib/accounts/permissions";
import { securityEventInsert } from "./security-events.server";
import { endSessionsStatement } from "./sessions.server";

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
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Whether `userId` holds `permission` in the organisation as the statement runs (not as the page was read). */
function actorMayStill(organisationId: number, userId: number, permission: Permission): SQL {
  const allowed = rolesWith(permission);
  return sql`exists (select 1 from ${memberships} as actor where actor.organisation_id = ${organisationId} and actor.user_id = ${userId}
    and actor.role in (${sql.join(
      allowed.map((role) => sql`${role}`),
      sql`, `,
    )}))`;
}

/**
 * The membership rules (app/lib/accounts/membership-rules.ts) as a WHERE clause on the target's row, so the
 * UPDATE or DELETE itself checks them against the rows as they are when it runs: of two owners
 * demoting each other at once, the second finds no other owner and changes nothing.
 */
function changeAllowed(
  change: { organisationId: number; actorId: number; userId: number; newRole: Role | null },
  permission: Permission,
) {
  const { organisationId, actorId, userId, newRole } = change;
  const anotherOwner = sql`exists (select 1 from ${memberships} as other where other.organisation_id = ${organisationId}
    and other.role = 'owner' and other.user_id <> ${userId})`;
  const touchesOwner = newRole === "owner" ? sql`1` : sql`${memberships.role} = 'owner'`;
  return and(
    eq(memberships.organisationId, organisationId),
    eq(memberships.userId, userId),
    ne(memberships.userId, actorId),
    actorMayStill(organisationId, actorId, permission),
    sql`(not (${touchesOwner}) or ${actorMayStill(organisationId, actorId, "manage:owner")})`,
    newRole === "owner" ? undefined : sql`(${memberships.role} <> 'owner' or ${anotherOwner})`,
  );
}

/** Who did a staff change to whom, from where: logged in the change's batch (decision 027). */
export interface StaffChange {
  target: { id: number; email: string };
  actor: { id: number; email: string };
  address: string;
}

/**
 * The log entry of a change and the end of the target's sessions (they sign in again with their new
 * rights), each only if the statement before it changed something.
 */
function afterStaffChange(
  db: Database,
  organisationId: number,
  change: StaffChange,
  kind: "role-changed" | "member-removed",
  detail: string,
) {
  const changed = sql`changes() > 0`;
  return [
    securityEventInsert(
      db,
      { kind, user: change.target, actor: change.actor, organisationId, address: change.address, detail },
      changed,
    ),
    endSessionsStatement(db, change.target.id, undefined, changed),
  ] satisfies BatchItem<"sqlite">[];
}

/**
 * Changes a member's role if the rules allow it as the row changes, with its log entry and the end of
 * the member's sessions in the same batch; false when nothing changed.
 */
export async function setMemberRole(
  db: Database,
  change: { organisationId: number; actorId: number; userId: number; role: Role },
  audit: StaffChange & { previousRole: Role },
) {
  const [changed] = await db.batch([
    db
      .update(memberships)
      .set({ role: change.role })
      .where(changeAllowed({ ...change, newRole: change.role }, "update:member"))
      .returning({ userId: memberships.userId }),
    ...afterStaffChange(db, change.organisationId, audit, "role-changed", `${audit.previousRole} → ${change.role}`),
  ]);
  return changed.length > 0;
}

/** Removes a member if the rules allow it as the row goes, logged and their sessions ended in the same batch; false when nothing changed. */
export async function removeMember(
  db: Database,
  change: { organisationId: number; actorId: number; userId: number },
  audit: StaffChange & { previousRole: Role },
) {
  const [removed] = await db.batch([
    db
      .delete(memberships)
      .where(changeAllowed({ ...change, newRole: null }, "remove:member"))
      .returning({ userId: memberships.userId }),
    ...afterStaffChange(db, change.organisationId, audit, "member-removed", `was ${audit.previousRole}`),
  ]);
  return removed.length > 0;
}

/** A role's rank in SQL, from the hierarchy in permissions.ts (owner highest). */
const rankOf = (column: SQL) =>
  sql`(case ${column} ${sql.join(
    roles.map((role, i) => sql`when ${role} then ${roles.length - i}`),
    sql` `,
  )} else 0 end)`;

export const invitationTtlMs = 7 * 24 * 60 * 60 * 1000;

/** Who sends or withdraws an invitation, from where: logged in the same batch. */
export interface InvitationAudit {
  actor: { id: number; email: string };
  address: string;
}

export async function createInvitation(
  db: Database,
  invitation: { organisationId: number; email: string; role: Role; invitedBy: number },
  audit: InvitationAudit,
) {
  const token = randomToken();
  const email = invitation.email.toLowerCase();
  await db.batch([
    db.insert(invitations).values({
      ...invitation,
      email,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(Date.now() + invitationTtlMs),
    }),
    securityEventInsert(db, {
      kind: "invitation-sent",
      user: { id: null, email },
      actor: audit.actor,
      organisationId: invitation.organisationId,
      address: audit.address,
      detail: invitation.role,
    }),
  ]);
  return token;
}

/** Removes an invitation that was never delivered, and logs that it was withdrawn, in one batch. */
export async function withdrawInvitation(db: Database, token: string, audit: InvitationAudit) {
  const tokenHash = await sha256Hex(token);
  await db.batch([
    db.insert(securityEvents).select(
      // Every column of security_events, in its order (id null: SQLite numbers the row).
      sql`select null, ${"invitation-withdrawn"}, null, ${invitations.email}, ${audit.actor.id}, ${audit.actor.email}, ${invitations.organisationId},
        ${audit.address}, ${"the email could not be sent"}, ${Date.now()} from ${invitations} where ${invitations.tokenHash} = ${tokenHash}`,
    ),
    db.delete(invitations).where(eq(invitations.tokenHash, tokenHash)),
  ]);
}

export async function pendingInvitations(db: Database, organisationId: number) {
  return db
    .select({ email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(
      and(
        eq(invitations.organisationId, organisationId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitations.email));
}

/** A still-open invitation and its organisation's name, or undefined. */
export async function findInvitation(db: Database, token: string) {
  const [row] = await db
    .select({
      email: invitations.email,
      role: invitations.role,
      organisationId: invitations.organisationId,
      organisation: organisations.name,
    })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
    .where(
      and(
        eq(invitations.tokenHash, await sha256Hex(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Accepts an invitation for the signed-in user whose email it was sent to and who has confirmed that
 * address, in one batch (all or nothing): marks it used, adds the membership, logs it, and runs
 * `rotateSession` (their rights change, so their session gets a new id). All but the first only happen
 * if this batch marked it used (same `accepted_at`), and an invitation only raises or keeps a role
 * (membership-rules roleAfterInvitation): an owner invited as a member stays owner.
 * Returns false when it is not open, not theirs, or their address is not confirmed.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: number; email: string },
  address: string,
  rotateSession: (when: SQL) => BatchItem<"sqlite">[],
) {
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
          sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.email} = ${invitations.email}
            and ${users.emailConfirmedAt} is not null)`,
        ),
      )
      .returning({ organisationId: invitations.organisationId }),
    db
      .insert(memberships)
      .select(
        sql`select ${invitations.organisationId} as organisation_id, ${user.id} as user_id, ${invitations.role} as role, ${acceptedAt.getTime()} as created_at
          from ${invitations} where ${invitations.tokenHash} = ${tokenHash} and ${invitations.acceptedAt} = ${acceptedAt.getTime()}`,
      )
      .onConflictDoUpdate({
        target: [memberships.organisationId, memberships.userId],
        set: {
          role: sql`case when ${rankOf(sql`excluded.role`)} > ${rankOf(sql`${memberships.role}`)} then excluded.role else ${memberships.role} end`,
        },
      }),
    db.insert(securityEvents).select(
      // Every column of security_events, in its order; the inviter is the actor of the invitation, not of this.
      sql`select null, ${"invitation-accepted"}, ${user.id}, ${user.email}, null, null, ${invitations.organisationId}, ${address}, ${invitations.role},
        ${acceptedAt.getTime()} from ${invitations} where ${invitations.tokenHash} = ${tokenHash} and ${invitations.acceptedAt} = ${acceptedAt.getTime()}`,
    ),
    ...rotateSession(sql`exists (${acceptedHere})`),
  ]);
  return accepted.length > 0;
}

/**
 * The rules of an organisation's staff (spec §6): who may change whose membership, that an
 * organisation always keeps an owner, and that an invitation never lowers a role. The staff page
 * checks them to answer with a clear message; the model's UPDATE/DELETE statements carry the same
 * rules in their WHERE clauses, so two requests at once cannot both pass them.
 */
import { hasAtLeastRole, hasPermission, roles, type Permission, type Role } from "./permissions";

export interface Refusal {
  message: string;
  status: 400 | 403 | 404;
}

/** English, and the ids of their catalogue entries: the staff page shows them in its language (lib/i18n/form-messages.ts). */
export const membershipMessages = {
  notAMember: /*i18n*/ "That person is not a member.",
  ownMembership: /*i18n*/ "You cannot change your own membership. Ask another admin.",
  onlyOwnersTouchOwners: /*i18n*/ "Only an owner can make or change an owner.",
  onlyOwnersInviteOwners: /*i18n*/ "Only an owner can invite an owner.",
  lastOwner: /*i18n*/ "The organisation needs at least one owner.",
  changedMeanwhile: /*i18n*/ "The staff list changed meanwhile. Reload the page and try again.",
} as const;

/** The roles that hold `permission`, for the model's SQL (the actor's rights are checked again as the row changes). */
export function rolesWith(permission: Permission): Role[] {
  return roles.filter((role) => hasPermission(role, permission));
}

/** The role a member keeps after accepting an invitation: the higher of the two; an invitation only raises or keeps. */
export function roleAfterInvitation(current: Role | null, invited: Role): Role {
  return current && hasAtLeastRole(current, invited) ? current : invited;
}

/** Only an owner may invite an owner. */
export function invitationRefusal(actorRole: Role, invitedRole: Role): Refusal | null {
  if (invitedRole === "owner" && !hasPermission(actorRole, "manage:owner")) {
    return { message: membershipMessages.onlyOwnersInviteOwners, status: 403 };
  }
  return null;
}

/** Whether the organisation still has an owner after `target` gets `newRole` (null: removed). */
export function keepsAnOwner(targetRole: Role, newRole: Role | null, owners: number): boolean {
  return targetRole !== "owner" || newRole === "owner" || owners > 1;
}

/**
 * Why changing `target`'s role to `newRole` (or removing them, `newRole` null) is refused, or null
 * when it is allowed: members only, never your own membership, only owners touch owners, and the
 * organisation keeps at least one owner.
 */
export function membershipChangeRefusal({
  actor,
  target,
  newRole,
  owners,
}: {
  actor: { userId: number; role: Role };
  target: { userId: number; role: Role } | undefined;
  newRole: Role | null;
  owners: number;
}): Refusal | null {
  if (!target) return { message: membershipMessages.notAMember, status: 404 };
  if (target.userId === actor.userId) return { message: membershipMessages.ownMembership, status: 400 };
  if ((target.role === "owner" || newRole === "owner") && !hasPermission(actor.role, "manage:owner")) {
    return { message: membershipMessages.onlyOwnersTouchOwners, status: 403 };
  }
  if (!keepsAnOwner(target.role, newRole, owners)) return { message: membershipMessages.lastOwner, status: 400 };
  return null;
}

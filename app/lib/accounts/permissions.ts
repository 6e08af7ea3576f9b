/**
 * Staff roles in one hierarchy (owner > admin > member) and the permissions each has (spec §6).
 * Every staff check on the server names a permission.
 */
export const roles = ["owner", "admin", "member"] as const;
export type Role = (typeof roles)[number];

/** Each role's name as the staff page shows it: English, and the id of its catalogue entry (shown with `i18n._`). */
export const roleNames: Record<Role, string> = {
  owner: /*i18n*/ "owner",
  admin: /*i18n*/ "admin",
  member: /*i18n*/ "member",
};

export type Permission =
  | "create:pet"
  | "read:pet"
  | "update:pet"
  | "delete:pet"
  | "hold:pet"
  | "read:member"
  | "invite:member"
  | "update:member"
  | "remove:member"
  | "read:security-event"
  | "manage:owner"
  /** The inbox: adoption applications and contact messages, their notes and statuses. */
  | "read:inbox"
  | "update:inbox"
  | "export:subscribers"
  /** Meet-and-greet visits: see them and mark them met or no-show (every staff role); their slot settings (admin and owner). */
  | "read:visits"
  | "update:visits"
  | "manage:visits"
  /** Foster homes (decision 053): read fosters' applications and the roster; decide on them and place pets (every staff role). */
  | "read:fosters"
  | "update:fosters"
  /** Lost and found reports (issue 46): see hidden ones, hide one with a reason, show it again (every staff role). */
  | "moderate:lost-found"
  /** The Shelter Animals Count monthly report and its CSV (decision 064): every staff role. */
  | "read:reports"
  /** Gifts (decision 065): the ledger and its CSV, and refunds (admin and owner). */
  | "read:gifts"
  | "refund:gifts";

const memberPermissions: Permission[] = [
  "create:pet",
  "read:pet",
  "update:pet",
  "delete:pet",
  "hold:pet",
  "read:inbox",
  "update:inbox",
  "read:visits",
  "update:visits",
  "read:fosters",
  "update:fosters",
  "moderate:lost-found",
  "read:reports",
];
const adminPermissions: Permission[] = [
  ...memberPermissions,
  "read:member",
  "invite:member",
  "update:member",
  "remove:member",
  "read:security-event",
  "export:subscribers",
  "manage:visits",
  "read:gifts",
  "refund:gifts",
];

const permissionsOf: Record<Role, readonly Permission[]> = {
  member: memberPermissions,
  admin: adminPermissions,
  owner: [...adminPermissions, "manage:owner"],
};

const rank: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export function hasAtLeastRole(role: Role | null | undefined, minimum: Role): boolean {
  return role ? rank[role] >= rank[minimum] : false;
}

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? permissionsOf[role].includes(permission) : false;
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

/** A foster's own placement, as far as the foster's permissions need it (decision 053). */
export interface PlacementOwnership {
  fosterUserId: number;
  endedAt: Date | string | null;
}

/**
 * What a foster may do with a placement (decision 053): see it only when it is theirs (staff see
 * every placement through `read:fosters`), and post a note about the pet only while it is still with them.
 */
export function fosterMay(
  action: "read" | "post-note",
  userId: number | null | undefined,
  placement: PlacementOwnership | undefined,
): boolean {
  if (!userId || !placement || placement.fosterUserId !== userId) return false;
  return action === "read" || placement.endedAt === null;
}

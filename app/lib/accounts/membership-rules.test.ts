import { describe, expect, it } from "vitest";
import {
  invitationRefusal,
  keepsAnOwner,
  membershipChangeRefusal,
  membershipMessages,
  roleAfterInvitation,
  rolesWith,
} from "./membership-rules";

const owner = { userId: 1, role: "owner" as const };
const admin = { userId: 2, role: "admin" as const };
const member = { userId: 3, role: "member" as const };

describe("membershipChangeRefusal", () => {
  it("refuses someone who is not a member", () => {
    expect(membershipChangeRefusal({ actor: owner, target: undefined, newRole: "admin", owners: 1 })).toEqual({
      message: membershipMessages.notAMember,
      status: 404,
    });
  });

  it("refuses changes to your own membership, even an owner's", () => {
    expect(membershipChangeRefusal({ actor: owner, target: owner, newRole: "admin", owners: 2 })?.message).toBe(
      membershipMessages.ownMembership,
    );
    expect(membershipChangeRefusal({ actor: admin, target: admin, newRole: null, owners: 1 })?.status).toBe(400);
  });

  it("lets only owners make, change or remove an owner", () => {
    expect(membershipChangeRefusal({ actor: admin, target: member, newRole: "owner", owners: 1 })).toEqual({
      message: membershipMessages.onlyOwnersTouchOwners,
      status: 403,
    });
    expect(membershipChangeRefusal({ actor: admin, target: owner, newRole: "member", owners: 2 })?.status).toBe(403);
    expect(membershipChangeRefusal({ actor: admin, target: owner, newRole: null, owners: 2 })?.status).toBe(403);
    expect(
      membershipChangeRefusal({ actor: { userId: 9, role: "owner" }, target: member, newRole: "owner", owners: 1 }),
    ).toBeNull();
  });

  it("lets an admin change and remove members and admins", () => {
    expect(membershipChangeRefusal({ actor: admin, target: member, newRole: "admin", owners: 1 })).toBeNull();
    expect(
      membershipChangeRefusal({ actor: admin, target: { userId: 4, role: "admin" }, newRole: null, owners: 1 }),
    ).toBeNull();
  });

  it("keeps at least one owner", () => {
    const otherOwner = { userId: 9, role: "owner" as const };
    expect(membershipChangeRefusal({ actor: otherOwner, target: owner, newRole: "admin", owners: 1 })).toEqual({
      message: membershipMessages.lastOwner,
      status: 400,
    });
    expect(membershipChangeRefusal({ actor: otherOwner, target: owner, newRole: null, owners: 1 })?.message).toBe(
      membershipMessages.lastOwner,
    );
    expect(membershipChangeRefusal({ actor: otherOwner, target: owner, newRole: "admin", owners: 2 })).toBeNull();
    expect(membershipChangeRefusal({ actor: otherOwner, target: owner, newRole: "owner", owners: 1 })).toBeNull();
  });
});

describe("keepsAnOwner", () => {
  it.each([
    ["member", null, 0, true],
    ["owner", "owner", 1, true],
    ["owner", "admin", 1, false],
    ["owner", null, 1, false],
    ["owner", null, 2, true],
  ] as const)("%s becoming %s with %i owners: %s", (targetRole, newRole, owners, kept) => {
    expect(keepsAnOwner(targetRole, newRole, owners)).toBe(kept);
  });
});

describe("roleAfterInvitation", () => {
  it("only raises or keeps a role", () => {
    expect(roleAfterInvitation("owner", "member")).toBe("owner");
    expect(roleAfterInvitation("admin", "member")).toBe("admin");
    expect(roleAfterInvitation("admin", "owner")).toBe("owner");
    expect(roleAfterInvitation("member", "member")).toBe("member");
    expect(roleAfterInvitation(null, "admin")).toBe("admin");
  });
});

describe("invitationRefusal", () => {
  it("lets only owners invite owners", () => {
    expect(invitationRefusal("admin", "owner")).toEqual({
      message: membershipMessages.onlyOwnersInviteOwners,
      status: 403,
    });
    expect(invitationRefusal("owner", "owner")).toBeNull();
    expect(invitationRefusal("admin", "admin")).toBeNull();
  });
});

describe("rolesWith", () => {
  it("names the roles that hold a permission", () => {
    expect(rolesWith("manage:owner")).toEqual(["owner"]);
    expect(rolesWith("update:member")).toEqual(["owner", "admin"]);
  });
});

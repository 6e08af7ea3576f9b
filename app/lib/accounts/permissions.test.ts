import { describe, expect, it } from "vitest";
import { hasAtLeastRole, hasPermission, isRole } from "./permissions";

describe("roles and permissions", () => {
  it("checks at least a role along the hierarchy", () => {
    expect(hasAtLeastRole("owner", "admin")).toBe(true);
    expect(hasAtLeastRole("admin", "admin")).toBe(true);
    expect(hasAtLeastRole("member", "admin")).toBe(false);
    expect(hasAtLeastRole(undefined, "member")).toBe(false);
  });

  it("gives members pet work, admins the staff page, owners the owners", () => {
    expect(hasPermission("member", "update:pet")).toBe(true);
    expect(hasPermission("member", "invite:member")).toBe(false);
    expect(hasPermission("admin", "invite:member")).toBe(true);
    expect(hasPermission("admin", "manage:owner")).toBe(false);
    expect(hasPermission("owner", "manage:owner")).toBe(true);
    expect(hasPermission(null, "read:pet")).toBe(false);
    expect(hasPermission("member", "read:security-event")).toBe(false);
    expect(hasPermission("admin", "read:security-event")).toBe(true);
    expect(hasPermission("owner", "read:security-event")).toBe(true);
  });

  it("lets every staff role work the inbox, and only admins and owners export subscribers", () => {
    for (const role of ["member", "admin", "owner"] as const) {
      expect(hasPermission(role, "read:inbox") && hasPermission(role, "update:inbox")).toBe(true);
    }
    expect(hasPermission("member", "export:subscribers")).toBe(false);
    expect(hasPermission("admin", "export:subscribers")).toBe(true);
    expect(hasPermission(null, "read:inbox")).toBe(false);
  });

  it("recognises role names", () => {
    expect(isRole("admin")).toBe(true);
    expect(isRole("superuser")).toBe(false);
  });
});

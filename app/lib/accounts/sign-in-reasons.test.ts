import { describe, expect, it } from "vitest";
import { signInReason } from "./sign-in-reasons";

describe("signInReason", () => {
  it.each([
    ["/foster/apply", "foster"],
    ["/es/foster/apply?pet_id=3", "foster"],
    ["/adopt/apply?pet_id=7", "adopt"],
    ["/es/adopt/apply?pet_id=7", "adopt"],
    ["/applications/12/visit", "visit"],
    ["/applications", "applications"],
    ["/foster/pets", "foster-pets"],
    ["/favorite", "favorites"],
    ["/user-profile", "profile"],
    ["/petadmin/edit?pet_id=1", "staff"],
    ["/petAdmin", "staff"],
    ["/join?token=abc", "join"],
    ["/es/match", "match"],
  ] as const)("reads why from where the visitor was going: %s → %s", (path, reason) => {
    expect(signInReason(path)).toBe(reason);
  });

  it.each(["/", "/es", "/adopt/dog", "/foster/apply/x", "/evil.example/foster/apply"])(
    "says nothing for any other page: %s",
    (path) => {
      expect(signInReason(path)).toBeNull();
    },
  );
});

import { expect, it } from "vitest";
import { fosterNoteMaxLength } from "./foster-placement";
import { fosterNoteSchema } from "./foster-placement-schema";

it("says the note's limit it checks", () => {
  const result = fosterNoteSchema.safeParse({ placementId: "1", text: "x".repeat(fosterNoteMaxLength + 1) });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.message)).toEqual([
    `Keep the note under ${fosterNoteMaxLength.toLocaleString("en-US")} characters`,
  ]);
  expect(fosterNoteSchema.safeParse({ placementId: "1", text: "x".repeat(fosterNoteMaxLength) }).success).toBe(true);
});

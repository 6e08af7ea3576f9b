import { expect, it } from "vitest";
import { sentText } from "./upload-sizes";

it("says the progress in megabytes, never more sent than there is", () => {
  expect(sentText(1.2 * 1024 * 1024, 3.4 * 1024 * 1024)).toBe("1.2 MB of 3.4 MB sent");
  expect(sentText(0, 512 * 1024)).toBe("0.0 MB of 0.5 MB sent");
  expect(sentText(5_000_000, 4_000_000)).toBe("3.8 MB of 3.8 MB sent");
});

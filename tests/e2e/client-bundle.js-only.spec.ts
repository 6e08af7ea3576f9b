import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

/**
 * Route modules keep only their component in the browser, but any other export (and what it imports)
 * ships too. This guards the build the end-to-end server runs: no validation library, no cookie
 * code, no server secrets' names in the browser's JavaScript.
 */
test("no server-only code ships to the browser", () => {
  const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
  const leaks = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) => {
      const code = readFileSync(path.join(assets, file), "utf8");
      return [/ZodError|\$ZodType/, /createCookie|isCookie/, /GOOGLE_CLIENT_SECRET|MAIL_API_KEY|password_hash/]
        .filter((pattern) => pattern.test(code))
        .map((pattern) => `${file}: ${pattern}`);
    });
  expect(leaks).toEqual([]);
});

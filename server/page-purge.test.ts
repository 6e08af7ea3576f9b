import { expect, it, vi } from "vitest";
import { purgeInBackground, type PagePurger } from "./page-purge";

it("logs a failed purge without failing the save it follows", async () => {
  const failing: PagePurger = { purge: () => Promise.reject(new Error("Cloudflare purge by tag answered 429")) };
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const pending: Promise<unknown>[] = [];
  purgeInBackground(failing, (promise) => pending.push(promise), ["pet-1", "home"]);
  await expect(Promise.all(pending)).resolves.toBeDefined();
  expect(errors).toHaveBeenCalledWith("page purge failed for tags", "pet-1,home", expect.any(Error));
  errors.mockRestore();
});

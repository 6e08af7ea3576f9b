import { setupI18n } from "@lingui/core";
import { expect, it } from "vitest";
import { messages as es } from "#app/locales/es/messages.po";
import { sentText } from "./upload-sizes";

it("says the progress in megabytes, never more sent than there is", () => {
  const en = setupI18n({ locale: "en", messages: { en: {} } });
  expect(sentText(en, 1.2 * 1024 * 1024, 3.4 * 1024 * 1024)).toBe("1.2 MB of 3.4 MB sent");
  expect(sentText(en, 0, 512 * 1024)).toBe("0.0 MB of 0.5 MB sent");
  expect(sentText(en, 5_000_000, 4_000_000)).toBe("3.8 MB of 3.8 MB sent");
});

it("says it in Spanish on a Spanish page", () => {
  expect(sentText(setupI18n({ locale: "es", messages: { es } }), 1.2 * 1024 * 1024, 3.4 * 1024 * 1024)).toBe(
    "1,2 MB de 3,4 MB enviados",
  );
});

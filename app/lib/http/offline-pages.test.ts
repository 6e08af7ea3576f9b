import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import {
  isKeptFile,
  mayKeepPage,
  noActionDataBody,
  offlineLanguageOfPage,
  offlineLanguageOfPath,
  offlineNoticeText,
  offlineWords,
  pageUrlOfData,
  seenAtWords,
} from "./offline-pages";

const shelterZone = "America/Los_Angeles";

describe("seenAtWords", () => {
  it("says the time in the shelter's time zone, with the day when it was not today", () => {
    const savedAt = new Date("2026-11-25T23:12:00Z"); // 3:12 pm at the shelter
    expect(seenAtWords(savedAt, new Date("2026-11-26T01:00:00Z"), shelterZone)).toBe("3:12 pm");
    expect(seenAtWords(new Date("2026-11-25T17:05:00Z"), new Date("2026-11-25T18:00:00Z"), shelterZone)).toBe(
      "9:05 am",
    );
    expect(seenAtWords(savedAt, new Date("2026-11-26T17:00:00Z"), shelterZone)).toBe("3:12 pm on Nov 25");
    expect(offlineNoticeText(savedAt, savedAt, shelterZone)).toBe("You're offline: this is what you saw at 3:12 pm.");
  });

  it("speaks the page's language: Spanish for a Spanish page or address", () => {
    const savedAt = new Date("2026-11-25T23:12:00Z");
    expect(offlineNoticeText(savedAt, savedAt, shelterZone, "es")).toMatch(
      /^Estás sin conexión: esto es lo que viste a las 3:12\sp\.\s?m\.$/,
    );
    expect(seenAtWords(savedAt, new Date("2026-11-26T17:00:00Z"), shelterZone, "es")).toMatch(
      /^3:12\sp\.\s?m\. del 25 nov/,
    );
    // Issue 40: a time that ends the sentence ends it with its own period ("4:15 p. m.", never "p. m..").
    expect(
      offlineNoticeText(new Date("2026-11-26T00:15:00Z"), new Date("2026-11-26T00:15:00Z"), shelterZone, "es"),
    ).not.toContain("..");
    expect(offlineNoticeText(savedAt, new Date("2026-11-26T17:00:00Z"), shelterZone, "es")).toMatch(/del 25 nov\.$/);
    const oneOClock = new Date("2026-11-25T21:05:00Z"); // 1:05 pm at the shelter
    expect(offlineNoticeText(oneOClock, oneOClock, shelterZone, "es")).toMatch(
      /esto es lo que viste a la 1:05\sp\.\s?m\.$/,
    );
    expect(offlineLanguageOfPage('<!DOCTYPE html><html lang="es" data-service-worker="/sw.js"><head>')).toBe("es");
    expect(offlineLanguageOfPage('<!DOCTYPE html><html lang="en"><head>')).toBe("en");
    expect(offlineLanguageOfPath("/es/adopt/dog")).toBe("es");
    expect(offlineLanguageOfPath("/es")).toBe("es");
    expect(offlineLanguageOfPath("/estate")).toBe("en");
    expect(offlineLanguageOfPath("/adopt")).toBe("en");
    // Every sentence in both languages.
    expect(Object.keys(offlineWords.es).sort()).toEqual(Object.keys(offlineWords.en).sort());
  });
});

describe("pageUrlOfData", () => {
  it("is the page a Remix data request stands for", () => {
    expect(pageUrlOfData(new URL("http://x/adopt/dog.data?sort=az&_routes=routes%2F_main"))?.href).toBe(
      "http://x/adopt/dog?sort=az",
    );
    expect(pageUrlOfData(new URL("http://x/_root.data"))?.href).toBe("http://x/");
    expect(pageUrlOfData(new URL("http://x/?index"))).toBeNull();
  });
});

describe("what is kept", () => {
  it("keeps pages but not one-time links or sign-in hand-offs, and keeps built files and photo copies", () => {
    expect(mayKeepPage("/adopt/pet")).toBe(true);
    expect(mayKeepPage("/favorite")).toBe(true);
    for (const path of [
      "/auth/google/callback",
      "/reset-password",
      "/verify-email",
      "/newsletter/confirm",
      "/dev/outbox",
      "/logout",
    ])
      expect(mayKeepPage(path)).toBe(false);
    expect(mayKeepPage("/es/adopt/dog?sort=newest")).toBe(true);
    expect(mayKeepPage("/volunteer")).toBe(true);
    expect(mayKeepPage("/joined-us")).toBe(true);
    // The board and a report's page are pages like any other.
    expect(mayKeepPage("/lost-found?kind=lost")).toBe(true);
    expect(mayKeepPage("/es/lost-found/4")).toBe(true);
  });

  it("keeps no one-time or staff page in any language, and no address with a token", () => {
    const never = [
      "/es/reset-password?token=abc",
      "/es/verify-email?token=abc",
      "/es/confirm-email",
      "/es/newsletter/confirm?token=abc",
      "/es/newsletter/unsubscribe?token=abc",
      "/es/alerts/unsubscribe?user=1&token=abc",
      "/join?token=abc",
      "/es/join?token=abc",
      "/volunteer/confirm?token=abc",
      "/es/volunteer/confirm",
      "/lost-found/confirm?token=abc",
      "/es/lost-found/confirm?done&report=4",
      "/lost-found/4/renew?token=abc",
      "/lost-found/4/close?done",
      "/es/lost-found/4/renew?done&until=December%2028",
      "/lost-found/messages/confirm?token=abc",
      "/es/lost-found/messages/7?as=sender&token=abc",
      "/petadmin",
      "/petadmin/inbox",
      "/es/petadmin/fosters",
      "/es/auth/google",
      // As the router reads a path: in any case, percent-decoded.
      "/ES/Reset-Password?x=1",
      "/reset%2Dpassword",
      "/es/PetAdmin/inbox",
      // Any address with a token, whatever the page.
      "/adopt/dog?token=abc",
      "/es?%74oken=abc",
      "/some/new/page?reset_token=abc",
    ];
    for (const address of never) expect(mayKeepPage(address), address).toBe(false);
    expect(isKeptFile("/assets/runtime-abc.js")).toBe("assets");
    expect(isKeptFile("/photos/1-abc-400.webp")).toBe("photos");
    expect(isKeptFile("/logo.svg")).toBeNull();
  });
});

describe("noActionDataBody", () => {
  it("is what Remix's single fetch reads as an action that returned nothing", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(noActionDataBody));
        controller.close();
      },
    });
    const decoded = await decode(stream);
    expect(decoded.value).toEqual({ data: null });
    await decoded.done;
  });
});

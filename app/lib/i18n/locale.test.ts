import { describe, expect, it } from "vitest";
import {
  cookieValue,
  languageRedirect,
  localeFromAcceptLanguage,
  localeOfPath,
  localizedPath,
  unprefixedPath,
} from "./locale";

describe("locale of a path", () => {
  it("is Spanish under /es only", () => {
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/adopt/dog")).toBe("es");
    expect(localeOfPath("/escape")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
    expect(unprefixedPath("/es")).toBe("/");
    expect(unprefixedPath("/es/sign-in")).toBe("/sign-in");
    expect(unprefixedPath("/estate")).toBe("/estate");
  });

  it("gives the same page in the other language, query and hash kept", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/adopt/dog?sort=age#list", "es")).toBe("/es/adopt/dog?sort=age#list");
    expect(localizedPath("/es/adopt/dog?sort=age", "en")).toBe("/adopt/dog?sort=age");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/es/sign-in", "es")).toBe("/es/sign-in");
    expect(localizedPath("?index", "es")).toBe("?index");
  });

  it.each([
    ["/es//evil.example/x", "/evil.example/x"],
    ["/es/\\evil.example/x", "/evil.example/x"],
    ["/es///\\evil.example", "/evil.example"],
    ["/es/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["//evil.example/x", "/evil.example/x"],
    ["/\\evil.example/x", "/evil.example/x"],
    ["\\\\evil.example/x", "/evil.example/x"],
    ["/es//evil.example?a=//b#//c", "/evil.example?a=//b#//c"],
  ])("keeps a path of this site one in either language: %j", (path, english) => {
    // A browser reads `//host` and `/\\host` as another host (issue 39): no result starts with either.
    expect(localizedPath(path, "en")).toBe(english);
    expect(localizedPath(path, "es")).toBe(english === "/" ? "/es" : `/es${english}`);
    for (const locale of ["en", "es"] as const) {
      const result = localizedPath(path, locale);
      expect(result).not.toMatch(/^\/[/\\]/);
      expect(new URL(result, "https://shelter.example/es/page").origin).toBe("https://shelter.example");
    }
  });

  it("leaves addresses that are not site paths as they are", () => {
    expect(localizedPath("https://elsewhere.example/x", "es")).toBe("https://elsewhere.example/x");
    expect(localizedPath("#top", "es")).toBe("#top");
  });

  it("reads Remix's single-fetch address of the Spanish home page as Spanish (client-side navigation to /es)", () => {
    expect(localeOfPath("/es.data")).toBe("es");
    expect(localeOfPath("/es/adopt/dog.data")).toBe("es");
    expect(localeOfPath("/_root.data")).toBe("en");
    expect(localeOfPath("/estate.data")).toBe("en");
    expect(unprefixedPath("/es.data")).toBe("/_root.data");
    expect(unprefixedPath("/es/adopt/dog.data")).toBe("/adopt/dog.data");
    expect(localizedPath("/es.data?_routes=root", "en")).toBe("/_root.data?_routes=root");
    expect(localizedPath("/_root.data", "es")).toBe("/es.data");
  });

  it("gives a path without its prefix that starts with one slash, for rules that hold in any language", () => {
    expect(unprefixedPath("/es//reset-password")).toBe("/reset-password");
    expect(unprefixedPath("//petadmin/edit")).toBe("/petadmin/edit");
    expect(unprefixedPath("/es/petadmin/edit")).toBe("/petadmin/edit");
  });
});

describe("Accept-Language", () => {
  it("takes the first of our languages by weight and order", () => {
    expect(localeFromAcceptLanguage("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,es;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR, es;q=0.5, en;q=0.4")).toBe("es");
    expect(localeFromAcceptLanguage("en;q=0.2, es;q=0.7")).toBe("es");
    expect(localeFromAcceptLanguage("de, fr")).toBeNull();
    expect(localeFromAcceptLanguage("es;q=0, en")).toBe("en");
    expect(localeFromAcceptLanguage("")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage(";;;,q=x")).toBeNull();
  });
});

describe("the first visit's language", () => {
  const visit = (path: string, over: Partial<Parameters<typeof languageRedirect>[0]> = {}) =>
    languageRedirect({
      method: "GET",
      url: new URL(path, "http://localhost"),
      accept: "text/html,*/*",
      rememberedLocale: null,
      acceptLanguage: null,
      ...over,
    });

  it("sends a browser that prefers Spanish to the Spanish page, with no choice remembered", () => {
    expect(visit("/adopt/dog?sort=age", { acceptLanguage: "es-MX,es;q=0.9" })).toBe("/es/adopt/dog?sort=age");
    expect(visit("/", { acceptLanguage: "es" })).toBe("/es");
    expect(visit("/", { acceptLanguage: "en-US,es;q=0.5" })).toBeNull();
    expect(visit("/")).toBeNull();
  });

  it("follows the remembered choice over the browser", () => {
    expect(visit("/donate", { rememberedLocale: "es", acceptLanguage: "en" })).toBe("/es/donate");
    expect(visit("/donate", { rememberedLocale: "en", acceptLanguage: "es" })).toBeNull();
    expect(visit("/donate", { rememberedLocale: "xx", acceptLanguage: "es" })).toBe("/es/donate");
  });

  it("sends the printed flyer to its Spanish address too (the pet page links to the English one)", () => {
    expect(visit("/adopt/flyer?pet_id=3", { rememberedLocale: "es" })).toBe("/es/adopt/flyer?pet_id=3");
    expect(visit("/adopt/flyer?pet_id=3", { acceptLanguage: "en" })).toBeNull();
  });

  it("moves only page requests at English addresses", () => {
    const es = { acceptLanguage: "es" };
    expect(visit("/es/adopt", es)).toBeNull();
    expect(visit("/adopt.data", es)).toBeNull();
    expect(visit("/sitemap.xml", es)).toBeNull();
    expect(visit("/photos/a", es)).toBeNull();
    expect(visit("/auth/google/callback", es)).toBeNull();
    expect(visit("/language", es)).toBeNull();
    expect(visit("/adopt", { ...es, accept: "application/json" })).toBeNull();
    expect(visit("/adopt", { ...es, method: "POST" })).toBeNull();
  });

  it("reads one cookie from a Cookie header", () => {
    expect(cookieValue("a=1; lang=es; b=2", "lang")).toBe("es");
    expect(cookieValue("xlang=es", "lang")).toBeNull();
    expect(cookieValue(null, "lang")).toBeNull();
  });
});

describe("the first visit's language never leaves the site (issue 39)", () => {
  it.each(["//evil%2Eexample/", "//16909060/", "//evil/x?y=1", "///evil"])("a request for %j", (path) => {
    const url = new URL(`http://localhost${path}`);
    const to = languageRedirect({
      method: "GET",
      url,
      accept: "text/html",
      rememberedLocale: null,
      acceptLanguage: "es",
    });
    expect(to).not.toBeNull();
    expect(to).toMatch(/^\/es\/[^/\\]/);
    expect(new URL(to!, "http://localhost").origin).toBe("http://localhost");
  });
});

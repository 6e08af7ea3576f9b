import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createNonce,
  crossSiteRefusal,
  originOf,
  permissionsPolicyOf,
  respondSecurely,
  strictTransportSecurity,
} from "./security";

const post = (headers: Record<string, string>, url = "https://shelter.example/sign-in") =>
  new Request(url, { method: "POST", headers });
const options = { formActionOrigins: ["https://accounts.google.com"] };

describe("cross-site check", () => {
  it("lets reads through whatever their origin", () => {
    expect(
      crossSiteRefusal(new Request("https://shelter.example/", { headers: { "Sec-Fetch-Site": "cross-site" } })),
    ).toBeNull();
    expect(
      crossSiteRefusal(
        new Request("https://shelter.example/", { method: "HEAD", headers: { Origin: "https://evil.example" } }),
      ),
    ).toBeNull();
  });

  it("refuses other sites, sibling sites and foreign or opaque origins", () => {
    expect(crossSiteRefusal(post({ "Sec-Fetch-Site": "cross-site" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ "Sec-Fetch-Site": "same-site" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ Origin: "https://evil.example" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ Origin: "http://shelter.example" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ Origin: "null" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ "Sec-Fetch-Site": "same-origin", Origin: "https://evil.example" }))).not.toBeNull();
  });

  it("accepts our own pages, typed requests and clients that send neither header", () => {
    expect(crossSiteRefusal(post({ "Sec-Fetch-Site": "same-origin", Origin: "https://shelter.example" }))).toBeNull();
    expect(crossSiteRefusal(post({ "Sec-Fetch-Site": "none" }))).toBeNull();
    expect(crossSiteRefusal(post({}))).toBeNull();
  });
});

describe("content security policy", () => {
  it("allows scripts by nonce only, and forms to us and Google", () => {
    const policy = contentSecurityPolicy("abc", options);
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    expect(policy).toContain("form-action 'self' https://accounts.google.com");
    expect(policy).not.toContain("unsafe");
    expect(contentSecurityPolicy(null, { formActionOrigins: [] })).toContain("script-src 'self';");
  });

  it("makes a new nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
  });

  it("takes the origin of a configured URL and ignores a missing or broken one", () => {
    expect(originOf("http://127.0.0.1:8987/authorize")).toEqual(["http://127.0.0.1:8987"]);
    expect(originOf("")).toEqual([]);
    expect(originOf("not a url")).toEqual([]);
  });
});

describe("respondSecurely", () => {
  it("keeps a page's own policy and adds the rest; refuses without calling the handler", async () => {
    const page = await respondSecurely(
      new Request("https://shelter.example/"),
      options,
      async () =>
        new Response("<p>hi</p>", { headers: { "Content-Security-Policy": contentSecurityPolicy("n1", options) } }),
    );
    expect(page.headers.get("Content-Security-Policy")).toContain("'nonce-n1'");
    expect(page.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");

    let called = false;
    const refused = await respondSecurely(post({ "Sec-Fetch-Site": "cross-site" }), options, async () => {
      called = true;
      return new Response("changed");
    });
    expect(refused.status).toBe(403);
    expect(called).toBe(false);
    expect(refused.headers.get("Content-Security-Policy")).not.toContain("nonce");
  });
});

describe("static assets", () => {
  it("get the same Strict-Transport-Security from public/_headers, on every path", () => {
    // Workers serve files from build/client (Vite's copy of public/) without running the Worker, so this file is their only source of headers.
    const file = readFileSync(path.resolve(import.meta.dirname, "../public/_headers"), "utf8");
    const blocks = file.split(/\n(?=\S)/).filter((block) => !block.startsWith("#"));
    const everyPath = blocks.find((block) => block.startsWith("/*\n"));
    expect(everyPath).toContain(`\n  Strict-Transport-Security: ${strictTransportSecurity}\n`);
    expect(file.match(/^\s+Strict-Transport-Security:/gm)).toHaveLength(1);
  });
});

describe("permissions policy", () => {
  it("lets only the lost and found report form ask for the position, in every language", () => {
    const policyOf = (path: string) => permissionsPolicyOf(new Request(`https://shelter.example${path}`));
    expect(policyOf("/lost-found/report?kind=found")).toContain("geolocation=(self)");
    expect(policyOf("/es/lost-found/report")).toContain("geolocation=(self)");
    for (const path of ["/", "/lost-found", "/lost-found/4", "/adopt/dog", "/es/lost-found/report/extra"])
      expect(policyOf(path), path).toContain("geolocation=()");
    expect(policyOf("/lost-found/report")).toMatch(/camera=\(\).*microphone=\(\)/);
  });
});

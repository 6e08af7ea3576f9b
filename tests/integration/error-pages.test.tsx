// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Main, { ErrorBoundary } from "#app/routes/site/layout";
import { i18nFor } from "#app/locales/catalogs.server";

// React and the router log the caught error; the assertions below are what matters here.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFailingPage(loader: () => never) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: Main,
      ErrorBoundary,
      children: [{ path: "broken", loader, Component: () => null }],
    },
  ]);
  // The page's language, as entry.server.tsx provides it (decision 057).
  render(
    <I18nProvider i18n={i18nFor("en")}>
      <Stub initialEntries={["/broken"]} />
    </I18nProvider>,
  );
}

// The error view is loaded on first use (a lazy chunk): on a busy machine that can take longer than
// Testing Library's one-second default, so each page gets a bound that no real render comes near.
const rendered = { timeout: 15_000 };

describe("error pages", () => {
  it("shows a friendly page inside the site layout for a thrown error, never its message", async () => {
    renderFailingPage(() => {
      throw new Error("D1_ERROR: no such table: pets at query (secret.ts:42)");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" }, rendered)).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("D1_ERROR");
    expect(document.body.textContent).not.toContain("secret.ts");
  });

  it("shows the not-found page for a 404", async () => {
    renderFailingPage(() => {
      throw new Response("Not found", { status: 404 });
    });
    expect(await screen.findByRole("heading", { level: 1, name: "We cannot find that page" }, rendered)).toBeTruthy();
  });

  it("says the records could not be reached for a 503, without the text of the response", async () => {
    renderFailingPage(() => {
      throw new Response("D1_ERROR: Network connection lost.", { status: 503 });
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "We couldn't reach our records just now" }, rendered),
    ).toBeTruthy();
    expect(document.body.textContent).toContain("Nothing was lost");
    expect(document.body.textContent).not.toContain("D1_ERROR");
  });
});

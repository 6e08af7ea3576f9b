import { I18nProvider } from "@lingui/react";
import { createRemixStub } from "@remix-run/testing";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18nFor } from "#app/locales/catalogs.server";
import type { Locale } from "#app/lib/i18n/locale";
import { PetDetails, type PetFacts } from "./pet-details";

const pet: PetFacts = {
  animalId: "A-1042",
  name: "Rosie",
  species: "Dog",
  breed: ["Pug"],
  sex: "Female",
  activeLevel: "Moderately_active",
  weightLbs: 18.7,
  ageMonths: 27,
  adoptionFee: 150,
  characteristics: [],
  about: "Rosie loves slow walks and long naps.",
};

/** The details as the server sends them, on the pet page of a language (its address says which). */
function render(facts: PetFacts, locale: Locale) {
  const path = locale === "en" ? "/adopt/pet" : `/${locale}/adopt/pet`;
  const Stub = createRemixStub([{ path, Component: () => <PetDetails pet={facts} /> }]);
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <I18nProvider i18n={i18nFor(locale)}>
        <Stub initialEntries={[path]} />
      </I18nProvider>,
      {
        onAllReady() {
          let html = "";
          const out = new PassThrough();
          out.on("data", (chunk: Buffer) => (html += chunk.toString()));
          out.on("end", () => resolve(html.replace(/<!-- -->/g, "")));
          pipe(out);
        },
        onError: reject,
      },
    );
  });
}

describe("PetDetails", () => {
  it("on a Spanish page, marks what staff wrote in English as English and says so (issue 40)", async () => {
    const html = await render(pet, "es");
    expect(html).toContain('<p class="pet-page__about" lang="en">Rosie loves slow walks and long naps.</p>');
    expect(html).toContain("Escrito en inglés por el equipo del refugio.");
  });

  it("on a Spanish page, writes the weight with the fee's decimal comma", async () => {
    const html = await render(pet, "es");
    expect(html).toMatch(/150,00\sUS\$/);
    expect(html).toContain("18,7 lbs");
    expect(html).not.toContain("18.7");
  });

  it("on an English page, says nothing of the language; with nothing written, it invites a question in the page's language", async () => {
    const html = await render(pet, "en");
    expect(html).toContain('<p class="pet-page__about">Rosie loves slow walks and long naps.</p>');
    expect(html).not.toContain("Written in English");
    expect(html).toContain("18.7 lbs");
    const untold = await render({ ...pet, about: "" }, "es");
    expect(untold).not.toContain('lang="en"');
    expect(untold).not.toContain("Escrito en inglés");
  });
});

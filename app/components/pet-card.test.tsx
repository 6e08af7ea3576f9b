import { I18nProvider } from "@lingui/react";
import { createRemixStub } from "@remix-run/testing";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PetSummary } from "#app/models/pets.server";
import { i18nFor } from "#app/locales/catalogs.server";
import type { ReactElement } from "react";
import { PetCard, PetGrid } from "./pet-card";

const pet: PetSummary = {
  id: 7,
  name: "Rosie",
  species: "Dog",
  breed: ["Miniaure_Smooth_Haired", "Mix"],
  ageMonths: 27,
  sex: "Female",
  characteristics: ["Shy", "No_Cats"],
  photo: null,
};

/** A card as the server sends it: rendered whole, its facts (a static part, loaded on its own) included. */
function renderCard(props: Parameters<typeof PetCard>[0]) {
  return render(<PetCard {...props} />);
}

function render(element: ReactElement) {
  const Stub = createRemixStub([{ path: "/", Component: () => element }]);
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <I18nProvider i18n={i18nFor("en")}>
        <Stub />
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

describe("PetCard", () => {
  it("shows a pet without photo and readable facts, linked to its page", async () => {
    const html = await renderCard({ pet });
    expect(html).toContain('src="/images/pet-placeholder.svg"');
    expect(html).toContain('width="400" height="300"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('href="/adopt/pet?pet_id=7"');
    expect(html).toContain("Miniature Smooth Haired, Mix");
    expect(html).toContain("Female · 2 years 3 months");
    expect(html).toContain('<li class="tag tag--blue">Shy</li>');
    expect(html).toContain('<li class="tag tag--red">No Cats</li>');
  });

  it("says when a listed pet lives in a foster home, and says nothing of it otherwise", async () => {
    expect(await renderCard({ pet: { ...pet, inFosterHome: true } })).toContain("In a foster home");
    expect(await renderCard({ pet })).not.toContain("foster");
  });

  it("says so when a pet has no characteristics, and loads a first photo eagerly", async () => {
    const html = await renderCard({ pet: { ...pet, characteristics: [], photo: "/photos/rosie-1.jpg" }, eager: true });
    expect(html).toContain("No notes yet");
    expect(html).toContain(
      '<source type="image/avif" srcSet="/photos/rosie-1-400w.avif 400w, /photos/rosie-1-720w.avif 720w"',
    );
    expect(html).toContain(
      '<source type="image/webp" srcSet="/photos/rosie-1-400w.webp 400w, /photos/rosie-1-720w.webp 720w"',
    );
    expect(html.indexOf('type="image/avif"')).toBeLessThan(html.indexOf('type="image/webp"'));
    expect(html).toContain('src="/photos/rosie-1-720w.jpg"');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain("fetchpriority");
  });

  it("fetches the first photo of a list first and the others after it", async () => {
    const photo = "/photos/rosie-1.jpg";
    expect(await renderCard({ pet: { ...pet, photo }, eager: true, priority: "high" })).toContain(
      'loading="eager" decoding="async" fetchpriority="high"',
    );
    expect(await renderCard({ pet: { ...pet, photo }, eager: true, priority: "low" })).toContain(
      'loading="eager" decoding="async" fetchpriority="low"',
    );
    expect(await renderCard({ pet: { ...pet, photo }, priority: "low" })).toContain(
      'loading="lazy" decoding="async" fetchpriority="low"',
    );
  });

  it("in a list that opens the page, fetches its first photo first and every other after it", async () => {
    const pets = [1, 2, 3].map((id) => ({ ...pet, id, photo: `/photos/pet-${id}.jpg` }));
    const images = (html: string) =>
      [...html.matchAll(/<img [^>]*>/g)].map(([img]) => [
        /loading="(\w+)"/.exec(img)?.[1],
        /fetchpriority="(\w+)"/.exec(img)?.[1],
      ]);
    expect(images(await render(<PetGrid pets={pets} eagerCount={2} />))).toEqual([
      ["eager", "high"],
      ["eager", "low"],
      ["lazy", "low"],
    ]);
    // A list further down a page has no photo to wait for: the browser's own order stands.
    expect(images(await render(<PetGrid pets={pets} />))).toEqual([
      ["lazy", undefined],
      ["lazy", undefined],
      ["lazy", undefined],
    ]);
  });
});

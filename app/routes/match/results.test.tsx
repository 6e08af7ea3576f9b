import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createRemixStub } from "@remix-run/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { answerSentence, type Answers } from "#app/lib/match/questionnaire";
import { messages as enMessages } from "#app/locales/en/messages.po";
import { messages as esMessages } from "#app/locales/es/messages.po";
import { NoFilteredMatches } from "./results";
import NoMatches from "./no-matches";

const catalogs = { en: enMessages, es: esMessages };
/** The view as a page in that language renders it (the address says the language, decision 057). */
const render = (element: React.ReactNode, locale: "en" | "es" = "en") => {
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
  const path = locale === "es" ? "/es/match" : "/match";
  const Stub = createRemixStub([{ path, Component: () => <I18nProvider i18n={i18n}>{element}</I18nProvider> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
};

const answers: Answers = {
  a1: "House",
  a2: { children: 0, youngestAge: null },
  a3: [],
  a4: [],
  p1: "Dog",
  p2: { fromAge: "All", toAge: "All" },
  p3: ["Small"],
  p4: ["Quietly active"],
};

describe("an empty /match (spec §2: 'We cannot find any pet records')", () => {
  it("says the spec's words first when the filters leave none of the matches, then why", () => {
    const text = render(<NoFilteredMatches total={7} />);
    expect(text.trim()).toMatch(
      /^We cannot find any pet records\. None of your 7 matches fit these filters\. Clear All$/,
    );
  });

  it("says the spec's words first when no pet matches the answers, then which answer left none", () => {
    const text = render(
      <NoMatches
        explanation={{
          answers,
          sentences: { p3: answerSentence("p3", answers.p3) },
          total: 3,
          emptiedBy: "p3",
          nearest: [],
          funnel: [{ answer: "p3", removed: 3, left: 0 }],
        }}
      />,
    );
    expect(text.trim().startsWith("We cannot find any pet records")).toBe(true);
    expect(text.indexOf("We cannot find any pet records")).toBeLessThan(text.indexOf("No small dogs"));
    expect(text).toContain(`${answerSentence("p3", answers.p3)} 3 left out , 0 still in.`);
  });

  it("says it in Spanish on the Spanish page", () => {
    expect(render(<NoFilteredMatches total={7} />, "es").trim()).toBe(
      "No encontramos ninguna mascota. Ninguna de tus 7 mascotas compatibles cumple estos filtros. Quitar todo",
    );
    const text = render(
      <NoMatches
        explanation={{
          answers,
          sentences: { p3: "Tamaño: pequeño." },
          total: 3,
          emptiedBy: "p3",
          nearest: [],
          funnel: [{ answer: "p3", removed: 3, left: 0 }],
        }}
      />,
      "es",
    );
    expect(text).toContain("Ahora mismo no hay perros pequeños.");
    expect(text).toContain("Tamaño: pequeño. 3 descartadas , 0 siguen en la lista.");
  });
});

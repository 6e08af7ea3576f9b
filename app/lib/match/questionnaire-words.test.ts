import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "#app/locales/en/messages.po";
import { messages as esMessages } from "#app/locales/es/messages.po";
import {
  answerSentence,
  answerSentenceIn,
  monthsLabel,
  monthsLabelIn,
  questionKeys,
  questionTitleIn,
  questionTitles,
  residentAgeLabel,
  residentAgeLabelIn,
  residentPetLimit,
  type Answers,
} from "./questionnaire";
import { questionSchemas } from "./questionnaire-schemas";

/** The questionnaire in the page's language (decision 057): English as before, Spanish as Spanish. */
const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

const samples: Answers[] = [
  {
    a1: "Apartment",
    a2: { children: 0, youngestAge: null },
    a3: [],
    a4: [],
    p1: "Cat",
    p2: { fromAge: "All", toAge: "All" },
    p3: ["Small"],
    p4: ["Very active"],
  },
  {
    a1: "Houseboat",
    a2: { children: 1, youngestAge: "School age (6 - 12 Years)" },
    a3: ["Cat", "Rabbit"],
    a4: [
      { type: "Dog", age: 1, isNeutered: true },
      { type: "Bird", age: 61, isNeutered: false },
    ],
    p1: "Dog",
    p2: { fromAge: "All", toAge: 24 },
    p3: ["Small", "Medium", "Large"],
    p4: ["Quietly active", "Moderately active"],
  },
  {
    a1: "House",
    a2: { children: 3, youngestAge: "New born (0 - 1 Month)" },
    a3: ["Dog"],
    a4: [{ type: "Cat", age: 36, isNeutered: false }],
    p1: "Cat",
    p2: { fromAge: 1, toAge: "All" },
    p3: ["Medium", "Large"],
    p4: ["Very active", "Moderately active", "Quietly active"],
  },
  {
    a1: "Condo",
    a2: { children: 2, youngestAge: "Teenager (13 - 18 Years)" },
    a3: [],
    a4: [],
    p1: "Dog",
    p2: { fromAge: 12, toAge: 48 },
    p3: ["Large"],
    p4: ["Moderately active"],
  },
  { ...({} as Answers), a1: "igloo", p2: { fromAge: 6, toAge: "All" } } as Answers,
];

describe("the questionnaire's words", () => {
  it("say in English with the catalogue what they said before", () => {
    for (const answers of samples) {
      for (const key of questionKeys) {
        if (answers[key] === undefined) continue;
        expect(answerSentenceIn(en, key, answers[key] as never)).toBe(answerSentence(key, answers[key] as never));
      }
    }
    for (const key of questionKeys) expect(questionTitleIn(en, key)).toBe(questionTitles[key]);
    for (const months of [1, 2, 12, 60, 61]) {
      expect(monthsLabelIn(en, months)).toBe(monthsLabel(months));
      expect(residentAgeLabelIn(en, months)).toBe(residentAgeLabel(months));
    }
  });

  it("read as Spanish", () => {
    const [, second] = samples;
    expect(answerSentenceIn(es, "a1", second!.a1)).toBe("Tu vivienda: houseboat.");
    expect(answerSentenceIn(es, "a2", second!.a2)).toBe(
      "Vive 1 niño contigo; el más pequeño es en edad escolar.".replace("es en edad", "es en edad"),
    );
    expect(answerSentenceIn(es, "a3", second!.a3)).toBe("Alguien en tu casa es alérgico a: gato y Rabbit.");
    expect(answerSentenceIn(es, "a4", second!.a4)).toBe(
      "Tienes un perro de 1 mes, esterilizado y un pájaro de más de 60 meses.",
    );
    expect(answerSentenceIn(es, "p2", second!.p2)).toBe("Hasta 24 meses de edad.");
    expect(answerSentenceIn(es, "p4", second!.p4)).toBe("Energía: poco activo y moderadamente activo.");
    expect(questionTitleIn(es, "a1")).toBe("¿En qué tipo de vivienda vives?");
  });

  it("keep the pets limit in its message", () => {
    const result = questionSchemas.a4.safeParse({
      hasPets: "Yes",
      pets: Array.from({ length: residentPetLimit + 1 }, () => ({ type: "Dog", age: 1 })),
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(`Tell us about ${residentPetLimit} pets at most`);
  });
});

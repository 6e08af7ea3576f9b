import type { Page } from "@playwright/test";
import { demoPets } from "../../scripts/demo/pets";
import { expect, test } from "./fixtures";
import { englishIn, englishUiTexts, expectNoEnglish, visibleText } from "./spanish-helpers";

/**
 * Browsing in Spanish (decision 057), JavaScript on and off: the adopt lists and their filters, a pet
 * page, and no English of the catalogue left on these pages. Names and "about" texts staff typed stay
 * as typed; the fixed values (breeds, sizes, levels, sexes, characteristics) are translated.
 */
const demoId = (name: string) => demoPets().findIndex((pet) => pet.name === name) + 1;
const listedDogs = demoPets().filter((pet) => pet.species === "Dog" && !pet.onHold && !pet.adopted);

test("the adopt pages in Spanish: species, the dog list, its count and pages", async ({ page, visit }) => {
  await visit("/es/adopt");
  await expect(page.getByRole("heading", { level: 1, name: "Adopta una mascota" })).toBeVisible();
  await expect(page).toHaveTitle(/^Adopción \| /);
  await expect(page.getByRole("link", { name: /Perros/ })).toHaveAttribute("href", "/es/adopt/dog");

  await visit("/es/adopt/dog");
  await expect(page.getByRole("heading", { level: 1, name: "Perros en adopción" })).toBeVisible();
  await expect(page).toHaveTitle(/^Perros en adopción \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^Conoce a los perros que esperan un hogar/,
  );
  await expect(page.getByRole("navigation", { name: "Especie" }).getByRole("link", { name: "Perros" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("link", { name: "Haz el test de compatibilidad" })).toHaveAttribute("href", "/es/match");
  await expect(page.getByRole("status")).toHaveText(`${listedDogs.length} perros, página 1 de 3`);
  // A card: the sex and age in Spanish, the link to the Spanish pet page.
  const first = page.locator(".pet-card").first();
  await expect(first.locator(".pet-card__facts").first()).toHaveText(
    /^(Macho|Hembra) · (Menos de 1 mes|\d+ (mes|meses|año|años)( y \d+ (mes|meses))?)$/,
  );
  await expect(first.locator(".pet-card__link")).toHaveAttribute("href", /^\/es\/adopt\/pet\?pet_id=\d+$/);

  await page.getByRole("navigation", { name: "Páginas" }).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/\/es\/adopt\/dog\?page=2$/);
  await expect(page.getByRole("status")).toHaveText(`${listedDogs.length} perros, página 2 de 3`);
});

test("filters in Spanish: chosen, shown as chips, taken off", async ({ page }) => {
  await page.goto("/es/adopt/dog");
  const filters = page.getByRole("form", { name: "Filtrar y ordenar" });
  await filters.locator("summary", { hasText: "Filtros" }).click();
  await filters.locator("summary", { hasText: "Tamaño" }).click();
  await filters.getByRole("checkbox", { name: "Grande (más de 60 lbs)" }).check();
  await filters.locator("summary", { hasText: "Nivel de actividad" }).click();
  await filters.getByRole("checkbox", { name: "Muy activo" }).check();
  await filters.getByRole("button", { name: "Aplicar" }).click();

  // The values in the address stay the stored English ones: a shared link works in both languages.
  await expect(page).toHaveURL(/\/es\/adopt\/dog\?level=Very\+active&size=Large(&sort=relevant)?$/);
  const expected = listedDogs.filter((dog) => dog.weightLbs > 60 && dog.activeLevel === "Very active");
  await expect(page.getByRole("status")).toHaveText(expected.length === 1 ? "1 perro" : `${expected.length} perros`);
  const chips = page.getByRole("list", { name: "Filtros elegidos" });
  await expect(chips.getByRole("link")).toHaveText([
    "Quitar el filtro Muy activo",
    "Quitar el filtro Grande (más de 60 lbs)",
  ]);
  await expect(filters.locator("summary", { hasText: "Filtros" })).toHaveText(/Filtros \(2 activos\)/);
  await chips.getByRole("link", { name: "Quitar el filtro Muy activo" }).click();
  await expect(page).toHaveURL(/\/es\/adopt\/dog\?size=Large$/);
  await expect(chips.getByRole("link")).toHaveText(["Quitar el filtro Grande (más de 60 lbs)"]);

  await page.getByRole("link", { name: "Quitar todos" }).click();
  await expect(page).toHaveURL(/\/es\/adopt\/dog$/);
  await expect(page.getByRole("list", { name: "Filtros elegidos" })).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText(`${listedDogs.length} perros, página 1 de 3`);
});

test("breeds and sorting in Spanish", async ({ page }) => {
  await page.goto("/es/adopt/cat?sort=za");
  await expect(page.getByLabel("Ordenar por")).toHaveValue("za");
  await expect(page.getByLabel("Ordenar por").locator("option")).toHaveText([
    "Más relevantes",
    "Alfabético A-Z",
    "Alfabético Z-A",
  ]);
  // A fixed breed is translated in the filter and on the cards; the value sent stays the stored one.
  await expect(
    page.locator("label.check").filter({ has: page.locator('input[name="breed"][value="Siamese"]') }),
  ).toHaveText("Siamés");
  await expect(page.locator("#pet-" + demoId("Willow")).locator(".pet-card__breed")).toHaveText("Siamés");
});

test("a pet page in Spanish: its facts translated, its name and story as typed", async ({ page, visit }) => {
  const willow = demoPets().find((pet) => pet.name === "Willow")!;
  await visit(`/es/adopt/pet?pet_id=${demoId("Willow")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Willow" })).toBeVisible();
  await expect(page).toHaveTitle(/^Willow, Siamés \| /);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Conoce a Willow");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    new RegExp(`/es/adopt/pet\\?pet_id=${demoId("Willow")}$`),
  );
  const info = page.getByRole("region", { name: "Datos" });
  await expect(info.getByRole("row", { name: /ID de la mascota/ })).toContainText(willow.animalId);
  await expect(info.getByRole("row", { name: /Especie/ })).toContainText("Gato");
  await expect(info.getByRole("row", { name: /Raza/ })).toContainText("Siamés");
  await expect(info.getByRole("row", { name: /Sexo/ })).toContainText(willow.sex === "Male" ? "Macho" : "Hembra");
  await expect(info.getByRole("row", { name: /Peso/ })).toContainText(/ lbs \((Pequeño|Mediano|Grande)\)$/);
  await expect(info.getByRole("row", { name: /Edad/ })).toContainText(
    willow.ageMonths >= 24 ? `${Math.floor(willow.ageMonths / 12)} años` : `${willow.ageMonths} mes`,
  );
  await expect(info.getByRole("row", { name: /Tarifa de adopción/ })).toContainText("US$");
  const living = page.getByRole("region", { name: "Convivencia con otros" });
  await expect(living.getByRole("row", { name: /Gatos/ })).toContainText(
    willow.characteristics.includes("No_Cats") ? "No con gatos" : "Pregúntanos",
  );
  await expect(page.getByRole("region", { name: "Sobre mí" }).getByText(willow.about)).toBeVisible();
  await expect(page.getByRole("region", { name: "Fotos de Willow" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Solicita adoptar a Willow" })).toHaveAttribute(
    "href",
    `/es/sign-in?redirectTo=${encodeURIComponent(`/es/adopt/apply?pet_id=${demoId("Willow")}`)}`,
  );
  await expect(
    page
      .getByRole("button", { name: "Añadir a Willow a favoritos" })
      .or(page.getByRole("button", { name: "Añadir a favoritos" })),
  ).toBeVisible();
});

test("a pet on hold says so in Spanish", async ({ page, visit }) => {
  await visit(`/es/adopt/pet?pet_id=${demoId("Jasper")}`);
  await expect(page.getByRole("status")).toContainText("Hay una reserva de otra familia para Jasper");
  await expect(page.getByRole("link", { name: /Solicita adoptar/ })).toHaveCount(0);
});

test("the Spanish browsing pages show no English text of the catalogue", async ({ page, visit }) => {
  // Five pages, each audited by axe and searched for every English text of the catalogue (which grew
  // this round): 23 s in CI's JavaScript project, over 30 s once here without JavaScript.
  test.setTimeout(60_000);
  expect(englishUiTexts().length).toBeGreaterThan(100);
  for (const path of [
    "/es/adopt",
    "/es/adopt/dog",
    "/es/adopt/cat?size=Small&level=Very+active",
    `/es/adopt/pet?pet_id=${demoId("Willow")}`,
    `/es/adopt/pet?pet_id=${demoId("Jasper")}`,
  ]) {
    await visit(path);
    // What staff wrote is shown as typed: the pet's "about".
    await expectNoEnglish(page, { ignore: [".pet-page__about"] });
  }
});

async function nextStep(page: Page, title: string) {
  await page.getByRole("form", { name: title }).getByRole("button", { name: "Siguiente" }).click();
}

test("the questionnaire in Spanish, with its messages, to results with Spanish reasons", async ({ page, visit }) => {
  test.setTimeout(60_000);
  await visit("/es/match");
  await expect(page.getByRole("heading", { level: 1, name: "Encuentra tu mascota compatible" })).toBeVisible();
  await expect(page).toHaveTitle(/^Compatibilidad \| /);
  await expect(page.getByRole("heading", { name: "Te recomendamos iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Crea una cuenta" })).toHaveAttribute(
    "href",
    "/es/register?redirectTo=%2Fes%2Fmatch",
  );
  await page.getByRole("button", { name: "Continuar sin guardar" }).click();
  await expect(page).toHaveURL(/\/es\/match/);
  await expect(page.getByText("Completado: 0 %")).toBeVisible();

  // a1: "Otro" needs its text, said in Spanish; the posted value stays the stored one.
  const home = "¿En qué tipo de vivienda vives?";
  await page.getByRole("form", { name: home }).getByLabel("Otro", { exact: true }).check();
  await nextStep(page, home);
  await expect(page.getByLabel("Si es Otro, ¿qué tipo de vivienda?")).toHaveAccessibleDescription(
    "Cuéntanos qué tipo de vivienda es",
  );
  await page.getByLabel("Apartamento").check();
  await nextStep(page, home);
  await expect(page.getByText("Vives en un apartamento.")).toBeVisible();

  const children = "¿Cuántos niños viven contigo?";
  await page.getByRole("form", { name: children }).getByLabel("Número de niños").selectOption("0");
  await nextStep(page, children);
  await expect(page.getByText("No viven niños contigo.")).toBeVisible();

  const allergies = "¿Alguien en tu casa es alérgico a los animales?";
  await page.getByRole("form", { name: allergies }).getByLabel("Sí").check();
  await nextStep(page, allergies);
  await expect(page.getByText("Elige o escribe al menos un animal")).toBeVisible();
  await page.getByRole("form", { name: allergies }).getByLabel("No", { exact: true }).check();
  await nextStep(page, allergies);

  const others = "¿Tienes otras mascotas?";
  const othersForm = page.getByRole("form", { name: others });
  await othersForm.getByLabel("Sí").check();
  await othersForm.getByRole("group", { name: "Mascota 1" }).getByLabel("Tipo").selectOption("Cat");
  await othersForm.getByRole("group", { name: "Mascota 1" }).getByLabel("Edad").selectOption("36");
  await nextStep(page, others);
  await expect(page.getByText("Tienes un gato de 36 meses.")).toBeVisible();

  await expect(page.getByRole("region", { name: "Sobre tu mascota ideal" })).toBeVisible();
  await page.getByRole("form", { name: "¿Qué especie te gustaría adoptar?" }).getByLabel("Perro").check();
  await nextStep(page, "¿Qué especie te gustaría adoptar?");
  const ages = "¿Qué edad te gustaría que tuviera tu mascota?";
  await page.getByRole("form", { name: ages }).getByLabel("Desde", { exact: true }).selectOption("All");
  await nextStep(page, ages);
  const sizes = "¿Qué tamaños te vienen bien?";
  await nextStep(page, sizes);
  await expect(page.getByText("Elige al menos un tamaño")).toBeVisible();
  for (const size of ["Pequeño (menos de 25 lbs)", "Mediano (de 25 a 60 lbs)", "Grande (más de 60 lbs)"])
    await page.getByLabel(size).check();
  await nextStep(page, sizes);
  const energy = "¿Qué tan activa te gustaría que fuera tu mascota?";
  for (const level of ["Muy activo", "Moderadamente activo", "Poco activo"])
    await page.getByRole("form", { name: energy }).getByLabel(level).check();
  await nextStep(page, energy);
  await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
  await expect(page.getByText("Energía: muy activo, moderadamente activo y poco activo.")).toBeVisible();
  await page.getByRole("button", { name: "Encuentra tus mascotas compatibles" }).click();

  await expect(page.getByRole("heading", { name: /^Tus mascotas compatibles \(\d+\)$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/es\/match/);
  const cards = page.locator(".pet-card");
  expect(await cards.count()).toBeGreaterThan(3);
  const first = cards.first();
  await expect(first.locator(".match-strength")).toHaveText(
    /^(Compatibilidad alta|Buena compatibilidad|Compatibilidad posible) /,
  );
  // The reasons in Spanish; what staff wrote is quoted as typed.
  const reasons = first.getByRole("list", { name: /^Por qué .+ es compatible$/ }).getByRole("listitem");
  await expect(reasons.first()).toHaveText(/^el equipo dice: «.+»$/);
  await expect(reasons.filter({ hasText: /de edad/ })).not.toHaveCount(0);
  await expect(page.getByText("Moderadamente activo» decide qué mascotas ves", { exact: false })).toBeVisible();
  await expect(first.getByRole("link", { name: /^Solicita adoptar a / })).toHaveAttribute(
    "href",
    /^\/es\/sign-in\?redirectTo=%2Fes%2Fadopt%2Fapply/,
  );
  await visit(page.url());
  // What staff wrote is shown as typed: the quotes of a pet's "about" in the match reasons.
  expect(englishIn((await visibleText(page)).replace(/«[^»]*»/g, "«»")), "English on the results").toEqual([]);

  // The results' filters in Spanish.
  await page.locator(".match-filters summary, .match-filters__open").click();
  await page.getByRole("group", { name: "Tamaños" }).getByLabel("Grande (más de 60 lbs)").check();
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByRole("list", { name: "Filtros elegidos" })).toContainText("Grande (más de 60 lbs)");
  await expect(page).toHaveURL(/\/es\/match\?(.*&)?size=Large(&|$)/);
});

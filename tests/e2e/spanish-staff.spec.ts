import type { Page } from "@playwright/test";
import { demoAccounts } from "../../scripts/demo/accounts";
import { expect, test } from "./fixtures";
import { englishIn } from "./spanish-helpers";

/**
 * The staff pages in Spanish (issue 28, decision 057), JavaScript on and off: Pet Admin, the pet list,
 * a new pet refused with a Spanish message and then saved, its edit page, the inbox and an adoption
 * application, and the visits page; none of them shows English text of the catalogue.
 */

/**
 * The page's visible text without what people typed (names, pet names, messages, answers and notes),
 * which is shown as typed, and without the texts that come from other files' lists, which their own
 * translation covers (the application's answers, the partner feeds' status, the history's stored lines,
 * the security log's details, what a foster can take, and the application, volunteer and foster status
 * names in badges and in the inbox's status filter).
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    // People's and pets' names in the visits table are also said in its buttons' hidden words.
    // A recently deleted pet's name is also said in its "Restaurar NAME" button: another test's "… Draft" is no English.
    const names = [
      ...copy.querySelectorAll(
        ".visits-table tbody td:nth-child(2) a:first-child, .visits-table tbody td:nth-child(3), .staff-pet__name",
      ),
    ].map((cell) => cell.textContent ?? "");
    copy
      .querySelectorAll(
        ".pet-card, .message-text, .answers-list, .partner-status, .staff-pet__name, .history li, .badge--status, #inbox-status, .inbox-item__what, .security-log td:last-child, .roster-can-take, .member strong, section[aria-labelledby^='answers-']",
      )
      .forEach((element) => element.remove());
    document.documentElement.appendChild(copy);
    copy.hidden = false;
    let text = copy.innerText;
    copy.remove();
    for (const name of names.filter(Boolean)) text = text.split(name).join("");
    return text;
  });
}

async function expectNoEnglish(page: Page) {
  expect(englishIn(await visibleText(page)), `English on ${new URL(page.url()).pathname}`).toEqual([]);
}

test("Pet Admin in Spanish: the list, a new pet refused in Spanish and then added, and its edit page", async ({
  page,
  visit,
  signInAs,
}, info) => {
  // Four pages, each audited, and without JavaScript the breeds' round trip: a minute, as the other
  // multi-page tests (it reached the edit page's new intake panel at 30 s on a busy machine).
  test.setTimeout(60_000);
  const name = `Canela ${info.project.name}`;
  await signInAs(demoAccounts.staff);

  await visit("/es/petadmin");
  await expect(page.getByRole("heading", { level: 1, name: "Administración" })).toBeVisible();
  await expect(page).toHaveTitle(/^Administración \| /);
  await expectNoEnglish(page);
  await page.getByRole("link", { name: "Editar y eliminar mascotas" }).click();
  await expect(page).toHaveURL(/\/es\/petadmin\/edit$/);
  await expect(page.getByText(/^\d+ mascotas, página 1 de \d+\. Elige una mascota para editarla/)).toBeVisible();
  await page.getByLabel("Busca una mascota por el comienzo de su nombre").fill("bud");
  await page.getByLabel("Especie").selectOption({ label: "Perros" });
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/es\/petadmin\/edit\?q=bud&status=all&species=Dog$/);
  await expect(page.getByText(/^1 mascota\. Elige/)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Buddy/ })).toBeVisible();
  await visit(page.url());
  await expectNoEnglish(page);

  await visit("/es/petadmin/create");
  await expect(page.getByRole("heading", { level: 1, name: "Subir una mascota" })).toBeVisible();
  await expectNoEnglish(page);
  // A name of spaces passes the browser's own check and not the form's: the message is Spanish either way.
  await page.getByLabel("Nombre", { exact: true }).fill("   ");
  await page.getByLabel("Número de la mascota").fill(`ES-${info.project.name}`);
  await page.getByLabel("Especie").selectOption({ label: "Perro" });
  await page.getByRole("checkbox", { name: "Tímido" }).check();
  await page.getByRole("button", { name: "Subir mascota" }).click();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveAccessibleDescription("El nombre es obligatorio");
  await expect(page.getByLabel("Número de la mascota")).toHaveValue(`ES-${info.project.name}`);

  await page.getByLabel("Nombre", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Subir mascota" }).click();
  await expect(page.getByRole("status")).toContainText(
    `Se añadió a ${name}. Es un borrador: solo el equipo la ve hasta que la publiques.`,
  );
  await page.getByRole("link", { name: `editar y publicar a ${name}` }).click();
  await expect(page).toHaveURL(/\/es\/petadmin\/edit\?pet_id=\d+$/);
  await visit(page.url());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} Borrador`);
  await expect(page.getByRole("region", { name: "Borrador: solo lo ve el equipo" })).toContainText(
    "Falta para publicar:",
  );
  await expect(page.getByRole("checkbox", { name: "Tímido" })).toBeChecked();
  await expectNoEnglish(page);

  await page.getByLabel("Edad (meses)").fill("14");
  await page.getByLabel("Nivel de actividad").selectOption({ label: "Muy activo" });
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status")).toHaveText("Tus cambios están guardados.");
  await expect(page).toHaveURL(/\/es\/petadmin\/edit\?pet_id=\d+&done=saved$/);
  await expect(page.getByLabel("Edad (meses)")).toHaveValue("14");
  await expect(page.getByLabel("Nivel de actividad")).toHaveValue("Very active");

  await page.getByRole("link", { name: "Descripción de la mascota" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Historial" })).toBeVisible();
});

test("the inbox and an adoption application in Spanish, with a note saved", async ({
  page,
  visit,
  signInAs,
  javaScriptEnabled,
}, info) => {
  await signInAs(demoAccounts.staff);
  await visit("/es/petadmin/inbox");
  await expect(page.getByRole("heading", { level: 1, name: "Bandeja de entrada" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Elementos de la bandeja de entrada, los más recientes primero" }),
  ).toContainText(/Solicitud de Casey Morgan \(casey\.morgan@example\.com\), \d{1,2} de [a-z]+ de \d{4}/);
  await expect(
    page.getByRole("list", { name: "Elementos de la bandeja de entrada, los más recientes primero" }),
  ).toContainText(/En espera desde hace \d+ (horas?|días?|minutos?)/);
  await expectNoEnglish(page);

  await page.getByRole("link", { name: /^Solicitud para Buddy/ }).click();
  await expect(page).toHaveURL(/\/es\/petadmin\/inbox\/application\/\d+$/);
  await visit(page.url());
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Solicitud para Buddy");
  await expect(page.getByRole("heading", { level: 2, name: "Decisión" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Empezar la revisión" })).toBeVisible();
  await expectNoEnglish(page);

  // Approve asks first, in Spanish (a dialog with JavaScript, this page at ?confirm=approve without); cancelled here.
  await page.getByRole("button", { name: "Aprobar y reservar a Buddy…", exact: true }).click();
  const confirmation = javaScriptEnabled
    ? page.getByRole("dialog", { name: "¿Aprobar y reservar a Buddy?" })
    : page.getByRole("region", { name: "¿Aprobar y reservar a Buddy?" });
  await expect(confirmation).toContainText("Al aprobar esta solicitud, de inmediato:");
  await expect(confirmation).toContainText("Buddy quedará reservada para Casey Morgan hasta el");
  if (javaScriptEnabled) {
    await confirmation.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirmation).toBeHidden();
  } else {
    await expectNoEnglish(page);
    await confirmation.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(/\/es\/petadmin\/inbox\/application\/\d+#decide-title$/);
  }

  const note = `Llamamos a Casey (${info.project.name}): tiene patio cercado.`;
  await page.getByLabel("Añadir una nota").fill(note);
  await page.getByRole("button", { name: "Guardar nota" }).click();
  await expect(page.getByRole("status")).toHaveText("Tu nota está guardada.");
  await expect(page).toHaveURL(/\/es\/petadmin\/inbox\/application\/\d+\?done=note/);
  await expect(page.getByRole("region", { name: "Notas internas" })).toContainText(note);
});

test("the visits page in Spanish", async ({ page, visit, signInAs }) => {
  await signInAs(demoAccounts.staff);
  await visit("/es/petadmin/visits");
  await expect(page.getByRole("heading", { level: 1, name: "Visitas" })).toBeVisible();
  await expect(page).toHaveTitle(/^Visitas \| /);
  await expect(page.getByRole("region", { name: "Ajustes de los turnos" })).toContainText(
    /Las visitas duran \d+ minutos, en el horario de apertura/,
  );
  await expect(page.getByLabel("Visitas a la vez (por turno)")).toBeVisible();
  await expectNoEnglish(page);
});

/**
 * The foster roster, staff, security log and flyer pages, one test each: every visit is audited (axe, and
 * without JavaScript in a second context), and late in the suite the security log and the flyer picker
 * hold every test's sign-ins and pets, so four audited pages in one test outgrew its minute under load.
 */
for (const [path, heading, check] of [
  [
    "/es/petadmin/fosters",
    "Familias de acogida",
    (page: Page) =>
      expect(page.getByRole("list", { name: "Familias de acogida aprobadas" })).toContainText(
        /plazas: \d+ perros? \(\d+ libres\), \d+ gatos? \(\d+ libres\)/,
      ),
  ],
  [
    "/es/petadmin/staff",
    /^Equipo de /,
    (page: Page) => expect(page.locator(".member", { hasText: demoAccounts.staff.email })).toContainText("propietario"),
  ],
  ["/es/petadmin/security", /^Registro de seguridad de /, undefined],
  ["/es/petadmin/flyers", "Imprimir fichas de jaula y folletos", undefined],
] as const) {
  test(`${path} in Spanish`, async ({ page, visit, signInAs }) => {
    await signInAs(demoAccounts.staff);
    await visit(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoEnglish(page);
    if (check) await check(page);
  });
}

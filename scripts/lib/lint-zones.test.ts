import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers' lint zones (eslint.config.js, decision 047): for each zone, one deliberate breach, linted as
 * if it were a file at that place (ESLint's `lintText` with a `filePath`, so no breaching file exists in
 * the tree or the build), is refused with the zone's message; and the same import from a place where it
 * is allowed passes. A zone that stopped matching (a renamed folder, a pattern that misses `../../`)
 * fails here, not in review.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports" || m.ruleId === "no-restricted-syntax")
    .map((m) => m.message);
}

const breaches: { zone: string; file: string; code: string; says: RegExp; allowedIn: string }[] = [
  {
    zone: "lib is pure (any depth of ../)",
    file: "app/lib/forms/validators/breach.ts",
    code: `import { pets } from "../../../db/schema";\nexport const x = pets;\n`,
    says: /lib\/ is pure/,
    allowedIn: "app/models/breach.server.ts",
  },
  {
    zone: "lib imports no .server module",
    file: "app/lib/breach.ts",
    code: `import { x } from "./secret.server";\nexport const y = x;\n`,
    says: /lib\/ is pure/,
    allowedIn: "app/services/breach.server.ts",
  },
  {
    zone: "models import no services",
    file: "app/models/breach.server.ts",
    code: `import { sendEmail } from "../services/mail.server";\nexport const x = sendEmail;\n`,
    says: /models\/ only query/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "services import no routes",
    file: "app/services/breach.server.ts",
    code: `import { loader } from "#app/routes/site/layout.tsx";\nexport const x = loader;\n`,
    says: /services\/ serve routes/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "services import no components",
    file: "app/services/breach.server.ts",
    code: `import { PetCard } from "../components/pet-card";\nexport const x = PetCard;\n`,
    says: /services\/ serve routes/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "db imports no models",
    file: "app/db/breach.ts",
    code: `import { getPet } from "#app/models/pets.server";\nexport const x = getPet;\n`,
    says: /db\/ is the schema/,
    allowedIn: "app/services/breach.server.ts",
  },
  {
    zone: "config imports nothing of the app",
    file: "app/config/breach.ts",
    code: `import { roles } from "#app/lib/accounts/permissions";\nexport const x = roles;\n`,
    says: /config\/ is the shelter's own settings/,
    allowedIn: "app/db/breach.ts",
  },
  {
    zone: "the service worker imports no models",
    file: "app/service-worker/breach.ts",
    code: `import { getPet } from "../models/pets.server";\nexport const x = getPet;\n`,
    says: /service worker runs in the browser/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "components import no model values",
    file: "app/components/breach.tsx",
    code: `import { getPet } from "#app/models/pets.server";\nexport const x = getPet;\n`,
    says: /components\/ import no page route and no model's values/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "components import no services",
    file: "app/components/breach.tsx",
    code: `import { sendEmail } from "../services/mail.server";\nexport const x = sendEmail;\n`,
    says: /components\/ render/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "components import no page route",
    file: "app/components/breach.tsx",
    code: `import { loader } from "../routes/_main";\nexport const x = loader;\n`,
    says: /components\/ import no page route/,
    allowedIn: "app/root.tsx",
  },
  {
    zone: "server imports no routes",
    file: "server/breach.ts",
    code: `import { loader } from "#app/routes/site/layout";\nexport const x = loader;\n`,
    says: /server\/ is the Worker's pipeline/,
    allowedIn: "app/root.tsx",
  },
  {
    zone: "server imports no components",
    file: "server/breach.ts",
    code: `import { PetCard } from "../app/components/pet-card";\nexport const x = PetCard;\n`,
    says: /server\/ is the Worker's pipeline/,
    allowedIn: "app/routes/breach.tsx",
  },
  {
    zone: "app imports no server/",
    file: "app/routes/breach.tsx",
    code: `import { handle } from "#server/pipeline";\nexport const x = handle;\n`,
    says: /does not import the Worker's pipeline/,
    allowedIn: "server/other.ts",
  },
];

describe("the layers' lint zones", () => {
  it.each(breaches)("$zone", async ({ file, code, says, allowedIn }) => {
    const refused = await problems(file, code);
    expect(refused).toContainEqual(expect.stringMatching(says));
    expect(await problems(allowedIn, code)).toEqual([]);
  });

  it("allows a component a model's row type (import type) and a route's loader type", async () => {
    const code = `import type { PetSummary } from "#app/models/pets.server";\nimport type { loader } from "#app/routes/site/layout";\nexport type X = [PetSummary, typeof loader];\n`;
    expect(await problems("app/components/fine.tsx", code)).toEqual([]);
  });

  it("lets only services touch R2: a route reading context.photos itself is refused, handing it to a service is not", async () => {
    const reads = `export async function loader({ context }: { context: { photos: { get(k: string): Promise<unknown> } } }) {\n  return context.photos.get("x");\n}\n`;
    expect(await problems("app/routes/breach.tsx", reads)).toEqual([
      expect.stringMatching(/R2 is touched only in services/),
    ]);
    expect(await problems("app/services/fine.server.ts", reads)).toEqual([]);
    const typed = `export function f(bucket: R2Bucket) {\n  return bucket;\n}\n`;
    expect(await problems("app/models/breach.server.ts", typed)).toEqual([
      expect.stringMatching(/R2 is touched only in services/),
    ]);
    const hands = `import { answerPhotoCopy } from "#app/services/photo-copies.server";\nexport const loader = ({ context, request }: any) => answerPhotoCopy(context, request, "k", "no-store");\n`;
    expect((await problems("app/routes/fine.ts", hands)).filter((m) => /R2/.test(m))).toEqual([]);
  });
});

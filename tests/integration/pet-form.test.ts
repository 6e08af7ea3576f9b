import { imageSize } from "image-size";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  derivativeContentType,
  derivativeKey,
  derivatives,
  keysWithDerivatives,
  shareImageKey,
} from "#app/lib/photos/photos";
import { action as createAction, loader as createLoader } from "#app/routes/petadmin/create";
import { action as editAction, loader as editLoader } from "#app/routes/petadmin/edit/route";
import { CookieJar, createTestEnv, getRequest, respond, unwrapData, withCookies, type TestEnv } from "./harness";
import { injectFaults } from "./faults";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/** What an upload stores: each photo and its copies; the share image is made on its first request (decision 043). */
const storedAtUpload = (keys: readonly string[]) => {
  const shareImages = new Set(keys.map(shareImageKey));
  return keysWithDerivatives(keys).filter((key) => !shareImages.has(key));
};

let t: TestEnv;
let staff: CookieJar;
let jpeg: Uint8Array<ArrayBuffer>;
let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member", firstName: "Sam", lastName: "Staff" }));
  jpeg = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer(),
  );
  png = new Uint8Array(
    await sharp({ create: { width: 300, height: 300, channels: 3, background: "#48c" } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => t.dispose());
beforeEach(async () => {
  // Every test starts with an empty bucket, so "nothing stored" is a plain count.
  const listed = await t.env.PHOTOS.list();
  if (listed.objects.length > 0) await t.env.PHOTOS.delete(listed.objects.map((object) => object.key));
});

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "image/jpeg") => new File([bytes], name, { type });

function multipart(
  path: string,
  fields: Record<string, string | string[]>,
  files: File[] = [],
  headers: HeadersInit = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  for (const photo of files) body.append("newPhotos", photo);
  return new Request(new URL(path, "http://localhost"), { method: "POST", body, headers });
}
/** The pet form's upload by XHR (decision 038). */
const byXhr = { "X-Upload": "xhr" };

const validPet = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  name: "Biscuit",
  animalId: `A-${crypto.randomUUID().slice(0, 8)}`,
  ageMonths: "14",
  weightLbs: "32.5",
  sex: "Female",
  species: "Dog",
  breedsFor: "Dog",
  breed: ["Pug"],
  breedOther: "golden doodle, labrador",
  activeLevel: "Moderately active",
  characteristics: ["Shy"],
  characteristicsOther: "",
  adoptionFee: "150",
  about: "Loves long walks.",
  ...overrides,
});

const create = (
  jar: CookieJar,
  fields: Record<string, string | string[]>,
  files: File[] = [],
  headers: HeadersInit = {},
) => respond(t, createAction, withCookies(multipart("/petadmin/create", fields, files, headers), jar));
const save = (
  jar: CookieJar,
  fields: Record<string, string | string[]>,
  files: File[] = [],
  headers: HeadersInit = {},
) => respond(t, editAction, withCookies(multipart("/petadmin/edit", fields, files, headers), jar));
const petRow = (id: number) =>
  t.env.DB.prepare("select * from pets where id = ?").bind(id).first<Record<string, unknown>>();
const petByAnimalId = (animalId: string) =>
  t.env.DB.prepare("select * from pets where animal_id = ?").bind(animalId).first<Record<string, unknown>>();
const storedKeys = async () => (await t.env.PHOTOS.list()).objects.map((object) => object.key).sort();
type Reply = { reply: { error: Record<string, string[]>; initialValue: Record<string, unknown>; message?: string } };
const replyOf = (result: { data: unknown }) => (result.data as Reply).reply;

describe("Upload Pet (/petadmin/create)", () => {
  it("refuses visitors and signed-in non-staff, storing nothing", async () => {
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const fields = validPet();
    expect((await create(adopter, fields, [file(jpeg, "a.jpg")])).status).toBe(403);
    expect((await create(new CookieJar(), fields, [file(jpeg, "a.jpg")])).headers.get("Location")).toMatch(
      /^\/sign-in\?redirectTo=/,
    );
    expect((await respond(t, createLoader, withCookies(getRequest("/petadmin/create"), adopter))).status).toBe(403);
    expect(await petByAnimalId(fields.animalId as string)).toBeNull();
    expect(await storedKeys()).toEqual([]);
  });

  it("creates a pet with its photos under random-suffix names, then links it on a clean form", async () => {
    const fields = validPet({ name: "Biscuit in the Sun" });
    const result = await create(staff, fields, [
      file(jpeg, "Biscuit in the Sun.JPG"),
      file(png, "second.png", "image/png"),
    ]);
    expect(result.status).toBe(302);
    const location = result.headers.get("Location")!;
    expect(location).toMatch(/^\/petadmin\/create\?created=\d+$/);

    const row = (await petByAnimalId(fields.animalId as string))!;
    expect(row).toMatchObject({
      name: "Biscuit in the Sun",
      species: "Dog",
      age: 14,
      weight: 32.5,
      sex: "Female",
      adoption_fee: 150,
      active_level: "Moderately active",
    });
    expect(JSON.parse(row.breed as string)).toEqual(["Pug", "golden doodle", "Labrador"]);
    expect(JSON.parse(row.characteristics as string)).toEqual(["Shy"]);
    const images = JSON.parse(row.images as string) as string[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^biscuit-in-the-sun-[a-z0-9]{32}\.jpg$/);
    // Uploads are stored re-encoded as JPEG, whatever came in (decision 035).
    expect(images[1]).toMatch(/^second-[a-z0-9]{32}\.jpg$/);
    // Each photo is stored with its resized copies: AVIF and WebP 400 and 720 px wide and a 720 px JPEG.
    expect(await storedKeys()).toEqual(storedAtUpload(images).sort());
    expect((await t.env.PHOTOS.head(images[1]!))?.httpMetadata?.contentType).toBe("image/jpeg");
    for (const derivative of derivatives) {
      const copy = await t.env.PHOTOS.get(derivativeKey(images[0]!, derivative));
      const { format, width, height } = await sharp(new Uint8Array(await copy!.arrayBuffer())).metadata();
      expect([copy!.httpMetadata?.contentType, format, width, height]).toEqual([
        derivativeContentType[derivative.format],
        { avif: "heif", webp: "webp", jpg: "jpeg" }[derivative.format],
        400,
        300,
      ]);
    }
    // The PNG is 300 px wide: its copies are never enlarged.
    const pngCopy = await t.env.PHOTOS.get(derivativeKey(images[1]!, derivatives[1]));
    expect(imageSize(new Uint8Array(await pngCopy!.arrayBuffer())).width).toBe(300);

    const page = await respond(t, createLoader, withCookies(getRequest(location), staff));
    expect(page.data).toMatchObject({ created: { id: row.id, name: "Biscuit in the Sun" } });
    const history = await t.env.DB.prepare("select summary from pet_changes where pet_id = ?").bind(row.id).all();
    expect(history.results).toEqual([{ summary: "Created" }]);
  });

  it("saves a pet with only a name and a pet id as a draft, making up none of the facts adopters read (decision 052)", async () => {
    const animalId = `D-${crypto.randomUUID().slice(0, 8)}`;
    const result = await create(staff, {
      intent: "save",
      name: "Plain",
      animalId,
      ageMonths: "",
      weightLbs: "",
      sex: "",
      species: "Cat",
      activeLevel: "",
      adoptionFee: "",
    });
    expect(result.status).toBe(302);
    expect(await petByAnimalId(animalId)).toMatchObject({
      species: "Cat",
      sex: "",
      active_level: "",
      age: 0,
      weight: 0,
      adoption_fee: 0,
      breed: "[]",
      images: "[]",
      published_at: null,
    });
  });

  it("sends the form back with every message and the values typed, storing no photo", async () => {
    const result = await create(
      staff,
      validPet({ name: " ", animalId: "", ageMonths: "-1", adoptionFee: "-5", weightLbs: "heavy" }),
      [file(jpeg, "a.jpg")],
    );
    expect(result.status).toBe(400);
    const reply = replyOf(result);
    expect(reply.error.name).toEqual(["Name is required"]);
    expect(reply.error.animalId).toEqual(["Pet id is required"]);
    expect(reply.error.ageMonths).toEqual(["Age must be at least 0"]);
    expect(reply.error.adoptionFee).toEqual(["Adoption fee must be at least 0"]);
    expect(reply.error.weightLbs).toEqual(["Weight must be a number"]);
    expect(reply.error.newPhotos?.[0]).toMatch(/Choose the photos again/);
    expect(reply.initialValue).toMatchObject({
      ageMonths: "-1",
      breed: ["Pug"],
      breedOther: "golden doodle, labrador",
      about: "Loves long walks.",
    });
    expect(await storedKeys()).toEqual([]);
  });

  it("tells the form's upload by XHR where to go instead of redirecting, and keeps its photos chosen when sent back", async () => {
    const fields = validPet({ name: "Xavier" });
    const saved = await create(staff, fields, [file(jpeg, "xavier.jpg")], byXhr);
    const row = (await petByAnimalId(fields.animalId as string))!;
    expect([saved.status, saved.headers.get("Location"), saved.data]).toEqual([
      200,
      null,
      { location: `/petadmin/create?created=${row.id}` },
    ]);

    const refused = await create(staff, validPet({ name: "" }), [file(jpeg, "again.jpg")], byXhr);
    expect(refused.status).toBe(400);
    expect(replyOf(refused).error.name).toEqual(["Name is required"]);
    // The page still holds the files it sent: no "choose the photos again".
    expect(replyOf(refused).error.newPhotos).toBeUndefined();
    expect(await storedKeys()).toEqual(storedAtUpload(JSON.parse(row.images as string) as string[]).sort());
  });

  it("refuses a pet id another pet has (in any case), storing no photo", async () => {
    await insertPet(t.env.DB, { animalId: "SEQ-DUP-1", name: "First" });
    const result = await create(staff, validPet({ animalId: "seq-dup-1" }), [file(jpeg, "a.jpg")]);
    expect(result.status).toBe(400);
    expect(replyOf(result).error.animalId).toEqual(["Another pet already has the pet id seq-dup-1."]);
    expect(await petByAnimalId("seq-dup-1")).toBeNull();
    expect(await storedKeys()).toEqual([]);
  });

  it("checks photos by content, size, pixels and count, storing none of a refused batch", async () => {
    const cases: [File[], RegExp][] = [
      [
        [file(new TextEncoder().encode("<html>not a photo</html>"), "fake.jpg")],
        /fake\.jpg is not a JPEG or PNG image/,
      ],
      [[file(jpeg, "photo.gif", "image/gif")], /photo\.gif is not a \.jpg, \.jpeg or \.png file/],
      [
        [file(new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff), "huge.jpg")],
        /huge\.jpg is 10\.0 MB; a photo can be at most 10\.0 MB/,
      ],
      [
        [file(pngHeader(20_000, 300), "wide.png", "image/png")],
        /wide\.png is 20000×300 pixels; at most 10,000 on each side/,
      ],
      [
        [file(jpeg, "good.jpg"), file(new Uint8Array([1, 2, 3]), "bad.png", "image/png")],
        /bad\.png is not a JPEG or PNG image/,
      ],
      [Array.from({ length: 13 }, (_, index) => file(jpeg, `p${index}.jpg`)), /at most 12 photos/],
    ];
    for (const [files, message] of cases) {
      const fields = validPet();
      const result = await create(staff, fields, files);
      expect(result.status, String(message)).toBe(400);
      expect(replyOf(result).error.newPhotos?.join(" "), String(message)).toMatch(message);
      expect(await petByAnimalId(fields.animalId as string)).toBeNull();
    }
    expect(await storedKeys()).toEqual([]);
  });

  it("says what is wrong with a photo in the page's language", async () => {
    const spanish = (files: File[]) =>
      respond(t, createAction, withCookies(multipart("/es/petadmin/create", validPet(), files), staff));
    const fake = await spanish([file(new TextEncoder().encode("<html>not a photo</html>"), "fake.jpg")]);
    expect(fake.status).toBe(400);
    expect(replyOf(fake).error.newPhotos).toEqual(["fake.jpg no es una imagen JPEG ni PNG (se revisó su contenido)."]);
    const wide = await spanish([file(pngHeader(20_000, 300), "wide.png", "image/png")]);
    expect(replyOf(wide).error.newPhotos).toEqual(["wide.png mide 20000×300 píxeles; como máximo 10.000 por lado."]);
    // A refusal for another field: the photos must be chosen again, said in Spanish too.
    const unnamed = await respond(
      t,
      createAction,
      withCookies(multipart("/es/petadmin/create", validPet({ name: "" }), [file(jpeg, "a.jpg")]), staff),
    );
    expect(unnamed.status).toBe(400);
    expect(replyOf(unnamed).error.newPhotos).toEqual([
      "Vuelve a elegir las fotos: los archivos no se guardan cuando el formulario se devuelve.",
    ]);
    expect(await storedKeys()).toEqual([]);
  });

  it("clears breeds when the species changes: the no-JavaScript button, and a save with breeds of the old species", async () => {
    const shown = await create(staff, validPet({ intent: "species", species: "Cat", breedsFor: "Dog" }));
    expect(shown.status).toBe(200);
    expect(replyOf(shown).initialValue).toMatchObject({ species: "Cat", breed: [], breedOther: "", name: "Biscuit" });

    const fields = validPet({ species: "Cat", breedsFor: "Dog" });
    const refused = await create(staff, fields);
    expect(refused.status).toBe(400);
    expect(replyOf(refused).error.breed?.[0]).toMatch(/species changed, so the breeds were cleared/);
    expect(await petByAnimalId(fields.animalId as string)).toBeNull();
  });

  it("leaves no photo behind when the pet cannot be saved", async () => {
    const faults = injectFaults(t, { d1: [{ sql: /^insert into "pets"/ }] });
    try {
      const request = withCookies(
        multipart("/petadmin/create", validPet(), [file(jpeg, "a.jpg"), file(png, "b.png", "image/png")]),
        staff,
      );
      const { status, data } = unwrapData(
        await createAction({ request, params: {}, context: t.contextFor(request) }),
      ) as { status: number; data: Reply };
      expect(status).toBe(503);
      expect(data.reply.message).toMatch(/could not be saved just now. Nothing was changed/);
      expect(faults.failures()).toBe(1);
    } finally {
      faults.restore();
    }
    expect(await storedKeys()).toEqual([]);
  });

  it("removes the photos already stored when storing a later one fails", async () => {
    // The first photo and its five copies are stored, then the second photo's put fails.
    const faults = injectFaults(t, {
      r2: [{ method: "put", from: 7, times: 1, message: "put: We encountered an internal error (10001)" }],
    });
    const fields = validPet();
    try {
      const request = withCookies(
        multipart("/petadmin/create", fields, [file(jpeg, "a.jpg"), file(png, "b.png", "image/png")]),
        staff,
      );
      const result = unwrapData(await createAction({ request, params: {}, context: t.contextFor(request) })) as {
        status: number;
        data: Reply;
      };
      expect(result.status).toBe(503);
      expect(result.data.reply.error.newPhotos).toEqual([
        "The photos could not be stored. Nothing was saved: please try again.",
      ]);
      expect(faults.log.r2.filter((call) => call.method === "put")).toHaveLength(7);
    } finally {
      faults.restore();
    }
    expect(await storedKeys()).toEqual([]);
    expect(await petByAnimalId(fields.animalId as string)).toBeNull();
  });
});

describe("Edit pet (/petadmin/edit?pet_id=)", () => {
  async function petWithPhotos(keys: string[]) {
    for (const key of keys) await t.env.PHOTOS.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
    return insertPet(t.env.DB, { name: "Photogenic", species: "Dog", breed: ["Mix"], images: keys });
  }
  const editFields = (
    pet: { id: number; animalId: string },
    version: number,
    overrides: Record<string, string | string[]> = {},
  ) =>
    validPet({
      petId: String(pet.id),
      version: String(version),
      animalId: pet.animalId,
      name: "Photogenic",
      ...overrides,
    });

  it("refuses a signed-in non-staff user, changing nothing", async () => {
    const pet = await petWithPhotos(["one-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg"]);
    const adopter = await signedIn(t, await createAccount(t.env.DB));
    const result = await save(adopter, editFields(pet, 1, { name: "Stolen", removePhoto: pet.images[0]! }), [
      file(png, "x.png", "image/png"),
    ]);
    expect(result.status).toBe(403);
    expect(await petRow(pet.id)).toMatchObject({ name: "Photogenic", version: 1 });
    expect(await storedKeys()).toEqual(pet.images);
  });

  it("reorders, removes (deleting from R2) and adds photos, and records what changed", async () => {
    const keys = [
      "one-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg",
      "two-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg",
      "three-cccccccccccccccccccccccccccccccc.jpg",
    ];
    const pet = await petWithPhotos(keys);
    const result = await save(
      staff,
      editFields(pet, 1, { ageMonths: "20", photoKey: keys, photoPosition: ["3", "1", "2"], removePhoto: keys[2]! }),
      [file(png, "new one.png", "image/png")],
    );
    expect(result.headers.get("Location")).toBe(`/petadmin/edit?pet_id=${pet.id}&done=saved`);

    const row = (await petRow(pet.id))!;
    const images = JSON.parse(row.images as string) as string[];
    expect(images.slice(0, 2)).toEqual([keys[1], keys[0]]);
    expect(images[2]).toMatch(/^new-one-[a-z0-9]{32}\.jpg$/);
    expect(row).toMatchObject({ age: 20, version: 2 });
    expect(await storedKeys()).toEqual([images[0], images[1], ...storedAtUpload([images[2]!])].sort());
    const page = await respond(
      t,
      editLoader,
      withCookies(getRequest(`/petadmin/edit?pet_id=${pet.id}&tab=description`), staff),
    );
    expect((page.data as { changes: { summary: string }[] }).changes[0]?.summary).toBe(
      "Edited age, weight, breed, characteristics, adoption fee, about; 1 photo added, 1 removed",
    );
  });

  it("refuses the later of two saves from the same version, keeping the first and deleting the second's photos", async () => {
    const pet = await petWithPhotos(["kept-dddddddddddddddddddddddddddddddd.jpg"]);
    const first = await save(staff, editFields(pet, 1, { name: "First Save" }));
    expect(first.status).toBe(302);
    const second = await save(staff, editFields(pet, 1, { name: "Second Save", removePhoto: pet.images[0]! }), [
      file(jpeg, "late.jpg"),
    ]);
    expect(second.status).toBe(409);
    expect(replyOf(second).message).toMatch(/Someone else changed this pet since you opened it/);
    expect(await petRow(pet.id)).toMatchObject({ name: "First Save", version: 2, images: JSON.stringify(pet.images) });
    expect(await storedKeys()).toEqual(pet.images);
  });

  it("answers the form's upload by XHR with where to go, and a change made meanwhile with 409 and its reply", async () => {
    const pet = await petWithPhotos(["xhr-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg"]);
    const saved = await save(staff, editFields(pet, 1, { name: "By XHR" }), [file(jpeg, "added.jpg")], byXhr);
    expect([saved.status, saved.headers.get("Location"), saved.data]).toEqual([
      200,
      null,
      { location: `/petadmin/edit?pet_id=${pet.id}&done=saved` },
    ]);
    const late = await save(staff, editFields(pet, 1, { name: "Too Late" }), [file(jpeg, "late.jpg")], byXhr);
    expect(late.status).toBe(409);
    expect(replyOf(late).message).toMatch(/Someone else changed this pet since you opened it/);
    const row = (await petRow(pet.id))!;
    expect(row).toMatchObject({ name: "By XHR", version: 2 });
    expect(await storedKeys()).toEqual(
      [pet.images[0], ...storedAtUpload([(JSON.parse(row.images as string) as string[])[1]!])].sort(),
    );
  });

  it("when D1 cannot save an edit, keeps the pet and its photos as they were, removes the new ones and keeps what was typed", async () => {
    const pet = await petWithPhotos(["old-gggggggggggggggggggggggggggggggg.jpg"]);
    const faults = injectFaults(t, { d1: [{ sql: /^update "pets"/ }] });
    let result;
    try {
      result = await save(staff, editFields(pet, 1, { name: "Renamed", removePhoto: pet.images[0]! }), [
        file(jpeg, "new.jpg"),
      ]);
    } finally {
      faults.restore();
    }
    expect(result.status).toBe(503);
    expect(replyOf(result).message).toMatch(/could not be saved just now. Nothing was changed/);
    expect(replyOf(result).initialValue).toMatchObject({ name: "Renamed" });
    expect(await petRow(pet.id)).toMatchObject({ name: "Photogenic", version: 1, images: JSON.stringify(pet.images) });
    expect(await storedKeys()).toEqual(pet.images);
    expect(
      await t.env.DB.prepare("select count(*) as n from pet_changes where pet_id = ?").bind(pet.id).first("n"),
    ).toBe(0);
  });

  it("refuses a pet id another pet has", async () => {
    await insertPet(t.env.DB, { animalId: "SEQ-TAKEN" });
    const pet = await petWithPhotos([]);
    const result = await save(staff, editFields(pet, 1, { animalId: "SEQ-TAKEN" }));
    expect(result.status).toBe(400);
    expect(replyOf(result).error.animalId).toEqual(["Another pet already has the pet id SEQ-TAKEN."]);
    expect(await petRow(pet.id)).toMatchObject({ animal_id: pet.animalId, version: 1 });
  });

  it("ignores photo names that are not the pet's own", async () => {
    const other = await petWithPhotos(["other-eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg"]);
    const pet = await petWithPhotos(["mine-ffffffffffffffffffffffffffffffff.jpg"]);
    const result = await save(
      staff,
      editFields(pet, 1, { photoKey: other.images[0]!, photoPosition: "1", removePhoto: other.images[0]! }),
    );
    expect(result.status).toBe(302);
    expect(await petRow(pet.id)).toMatchObject({ images: JSON.stringify(pet.images) });
    expect(await storedKeys()).toEqual([...other.images, ...pet.images].sort());
  });
});

/** The first bytes of a PNG whose header claims the given size: enough for its size to be read. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

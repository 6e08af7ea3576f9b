import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crons, runScheduled } from "#server/scheduled";
import { i18nFor } from "#app/locales/catalogs.server";
import { action as answerAction } from "#app/routes/adopt/care-answer";
import { action as messageAction, loader as messageLoader } from "#app/routes/petadmin/inbox/message";
import { loader as storyPhotoLoader } from "#app/routes/petadmin/story-photo";
import { loader as photoLoader } from "#app/routes/photos/photo";
import { loader as homeLoader } from "#app/routes/site/home";
import { derivativeKey, derivatives } from "#app/lib/photos/photos";
import { photoLimits } from "#app/lib/pets/pet-fields";
import { readPhotoReferences } from "#app/models/housekeeping.server";
import { createTestEnv, getRequest, postForm, respond, withCookies, type CookieJar, type TestEnv } from "./harness";
import { createAccount } from "../builders/accounts";
import { insertPet } from "../builders/pets";
import { signedIn } from "./signed-in";

/**
 * "All is well" with an optional photo (issue 45, decision 067): checked and stored as pets' photos are,
 * the line kept when the photo is refused, private until staff approve the story, public while they do.
 */
let t: TestEnv;
let staff: CookieJar;
beforeAll(async () => {
  t = await createTestEnv();
  staff = await signedIn(t, await createAccount(t.env.DB, { role: "member" }));
});
afterAll(() => t.dispose());

const hourly = (at: string) => runScheduled(t.env, crons.hourly, new Date(at).getTime(), i18nFor);

/** A pet adopted on November 2, 2026, and the link of its three-day check-in's "All is well". */
async function wellLink(name: string, firstName: string) {
  const account = await createAccount(t.env.DB, { firstName });
  const pet = await insertPet(t.env.DB, {
    name,
    species: "Cat",
    sex: "Male",
    adoptedEmail: account.email,
    adoptedDate: new Date("2026-11-03T02:00:00Z"),
  });
  await hourly("2026-11-05T17:00:00Z");
  const mail = await t.env.DB.prepare('select text from outbox_messages where "to" = ? order by id limit 1')
    .bind(account.email)
    .first<{ text: string }>();
  const match = /(http\S+\/care\/answer\?\S*answer=well\S*)/.exec(mail!.text);
  const url = new URL(match![1]!);
  return { link: `${url.pathname}${url.search}`, account, pet };
}

/** The multipart form the answer page posts: the link's hidden fields, the line and the photo. */
function answerForm(link: string, line: string, photo?: File) {
  const form = new FormData();
  for (const [name, value] of new URL(link, "http://localhost").searchParams) form.append(name, value);
  form.append("line", line);
  form.append("photo", photo ?? new File([], "", { type: "application/octet-stream" }));
  return new Request(new URL(link, "http://localhost"), { method: "POST", body: form });
}

const jpeg = async (name = "whiskers.jpg") =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c27c3a" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );

const answerRow = (petId: number) =>
  t.env.DB.prepare(
    "select care_answers.text, care_answers.photo, care_answers.message_id from care_answers join care_follow_ups on care_follow_ups.id = follow_up_id where pet_id = ? and answer = 'well'",
  )
    .bind(petId)
    .first<{ text: string | null; photo: string | null; message_id: number | null }>();

const storedStoryPhotos = async () =>
  (await t.env.PHOTOS.list({ prefix: "story_" })).objects.map((object) => object.key);

describe('"All is well" with a photo', () => {
  it("refuses a file that is not a JPEG or PNG, or too large, under the field, keeping the line and recording nothing", async () => {
    const { link, pet } = await wellLink("Pepper", "Paula");
    const line = "Pepper has claimed the sunny windowsill.";
    const before = await storedStoryPhotos();

    const notAnImage = await respond(
      t,
      answerAction,
      answerForm(link, line, new File(["GIF89a not really"], "pepper.gif", { type: "image/gif" })),
    );
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.data).toMatchObject({ line, photoError: expect.stringContaining("pepper.gif is not a .jpg") });

    // Named .jpg but not one: the content is checked, not the name.
    const disguised = await respond(
      t,
      answerAction,
      answerForm(link, line, new File(["just some text"], "pepper.jpg", { type: "image/jpeg" })),
    );
    expect(disguised.status).toBe(400);
    expect(disguised.data).toMatchObject({ line, photoError: expect.stringContaining("not a JPEG or PNG image") });

    const tooLarge = await respond(
      t,
      answerAction,
      answerForm(link, line, new File([new Uint8Array(photoLimits.maxBytes + 1)], "huge.jpg", { type: "image/jpeg" })),
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data).toMatchObject({
      line,
      photoError: expect.stringContaining("a photo can be at most 10.0 MB"),
    });

    // In Spanish at the Spanish address.
    const spanish = await respond(
      t,
      answerAction,
      answerForm(`/es${link}`, line, new File(["GIF89a"], "pepper.gif", { type: "image/gif" })),
    );
    expect(spanish.data).toMatchObject({ line, photoError: expect.stringContaining("pepper.gif no es") });

    expect(await answerRow(pet.id)).toBeNull();
    expect(await storedStoryPhotos()).toEqual(before);
  });

  it("is stored under its own prefix with its copies, seen by staff only until they approve the story, then public", async () => {
    const { link, pet, account } = await wellLink("Mango", "Maria");
    const line = "Mango sleeps on my feet every night.";
    expect((await respond(t, answerAction, answerForm(link, line, await jpeg()))).status).toBe(302);
    const row = await answerRow(pet.id);
    expect(row).toMatchObject({ text: line, photo: expect.stringMatching(/^story_[a-z0-9]{32}\.jpg$/) });
    const key = row!.photo!;
    for (const derivative of derivatives)
      expect(await t.env.PHOTOS.head(derivativeKey(key, derivative)), derivative.format).not.toBeNull();
    // The housekeeping sweep counts it as referenced: it is not removed as an orphan.
    expect((await readPhotoReferences(t.context.db)).petImages).toContainEqual([key]);

    const copy = derivativeKey(
      key,
      derivatives.find((derivative) => derivative.format === "jpg")!,
    );
    const publicCopy = () => respond(t, photoLoader, getRequest(`/photos/${copy}`), { key: copy });
    const staffCopy = (jar?: CookieJar) =>
      respond(
        t,
        storyPhotoLoader,
        jar
          ? withCookies(getRequest(`/petadmin/story-photos/${copy}`), jar)
          : getRequest(`/petadmin/story-photos/${copy}`),
        { key: copy },
      );
    const storiesOnHome = async () =>
      ((await respond(t, homeLoader, getRequest("/"))).data as { adopterStories: { photo: string | null }[] })
        .adopterStories;

    // Before approval: not public, not on the home page; staff see it (never cached), nobody else does.
    expect((await publicCopy()).status).toBe(404);
    expect(await storiesOnHome()).not.toContainEqual(expect.objectContaining({ photo: key }));
    const seenByStaff = await staffCopy(staff);
    expect(seenByStaff.status).toBe(200);
    expect(seenByStaff.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await staffCopy(await signedIn(t, account))).status).toBe(403);
    expect((await staffCopy()).status).toBe(302);

    // Staff see it where they approve stories: the message from the answer.
    const messageId = String(row!.message_id);
    const page = await respond(
      t,
      messageLoader,
      withCookies(getRequest(`/petadmin/inbox/message/${messageId}`), staff),
      {
        id: messageId,
      },
    );
    expect(page.data).toMatchObject({
      story: {
        petName: "Mango",
        approved: false,
        hasLine: true,
        photo: `/petadmin/story-photos/${encodeURIComponent(copy)}`,
      },
      message: { message: expect.stringContaining("A photo came with it") },
    });

    const decide = (intent: "story" | "unstory") =>
      respond(t, messageAction, withCookies(postForm(`/petadmin/inbox/message/${messageId}`, { intent }), staff), {
        id: messageId,
      });
    expect((await decide("story")).status).toBe(302);
    const served = await publicCopy();
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(await storiesOnHome()).toContainEqual(expect.objectContaining({ photo: key, text: line, petName: "Mango" }));

    // Taken off the home page: private again.
    expect((await decide("unstory")).status).toBe(302);
    expect((await publicCopy()).status).toBe(404);
  });

  it("with a photo and no line, reaches the inbox and can be a story; a second tap keeps no second photo", async () => {
    const { link, pet } = await wellLink("Pip", "Priya");
    expect((await respond(t, answerAction, answerForm(link, "", await jpeg("pip.jpg")))).status).toBe(302);
    const row = await answerRow(pet.id);
    expect(row).toMatchObject({ text: null, photo: expect.stringMatching(/^story_/) });
    expect(row!.message_id).not.toBeNull();
    // Staff's panel speaks of the photo, not of a line there is none of.
    const messageId = String(row!.message_id);
    const page = await respond(
      t,
      messageLoader,
      withCookies(getRequest(`/petadmin/inbox/message/${messageId}`), staff),
      {
        id: messageId,
      },
    );
    expect(page.data).toMatchObject({ story: { petName: "Pip", approved: false, hasLine: false } });
    const before = await storedStoryPhotos();
    // The same link again (the answer is already given): the new photo is not kept.
    expect((await respond(t, answerAction, answerForm(link, "Again", await jpeg("pip-again.jpg")))).status).toBe(302);
    expect(await storedStoryPhotos()).toEqual(before);
    expect(await answerRow(pet.id)).toEqual(row);
  });
});

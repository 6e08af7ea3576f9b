import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/site/home";
import { createTestEnv, getRequest, postForm, thrownResponse, unwrapData, type TestEnv } from "./harness";
import { insertPet } from "../builders/pets";

let t: TestEnv;
beforeAll(async () => {
  t = await createTestEnv();
});
afterAll(() => t.dispose());

const rows = (sql: string) =>
  t.env.DB.prepare(sql)
    .all()
    .then((result) => result.results);

describe("home loader", () => {
  it("shows the six newest listed pets and never a pet on hold or adopted", async () => {
    for (let i = 0; i < 6; i++) await insertPet(t.env.DB, { name: `Listed ${i}` });
    const held = await insertPet(t.env.DB, { name: "Held", onHoldEmail: "a@example.com", onHoldDate: new Date() });
    const adopted = await insertPet(t.env.DB, {
      name: "Adopted",
      adoptedEmail: "b@example.com",
      adoptedDate: new Date(),
    });
    const newest = await insertPet(t.env.DB, { name: "Newest", images: ["newest-abc.jpg"] });

    const result = await loader({ request: getRequest("/"), params: {}, context: t.context });
    const names = result.pets.map((pet) => pet.name);
    expect(names).toHaveLength(6);
    expect(names[0]).toBe("Newest");
    expect(names).not.toContain(held.name);
    expect(names).not.toContain(adopted.name);
    expect(result.pets[0]?.photo).toBe("/photos/newest-abc.jpg");
    expect(newest.id).toBe(result.pets[0]?.id);
  });

  it("tells the page which thank-you to show", async () => {
    const result = await loader({ request: getRequest("/?message=sent"), params: {}, context: t.context });
    expect(result.contactSent).toBe(true);
    expect(result.subscribed).toBe(false);
    expect(result.constraints.contact.email).toMatchObject({ required: true });
  });
});

describe("contact form", () => {
  it("stores a valid message and redirects to the thank-you", async () => {
    const response = await action({
      request: postForm("/?index", {
        intent: "contact",
        name: " Ana Ruiz ",
        email: "ana@example.com",
        message: "Is Luna still available?",
      }),
      params: {},
      context: t.context,
    });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/?message=sent#get-in-touch");
    expect(await rows("select name, email, message from contact_messages")).toEqual([
      { name: "Ana Ruiz", email: "ana@example.com", message: "Is Luna still available?" },
    ]);
  });

  it("answers 400 with each field's error and the typed values, and stores nothing", async () => {
    const before = (await rows("select id from contact_messages")).length;
    const result = await action({
      request: postForm("/?index", { intent: "contact", name: "  ", email: "ana@example", message: "Hi" }),
      params: {},
      context: t.context,
    });
    const { data, status } = unwrapData(result);
    expect(status).toBe(400);
    expect(data).toMatchObject({
      intent: "contact",
      result: {
        status: "error",
        initialValue: { name: "  ", email: "ana@example", message: "Hi" },
        error: {
          name: ["Enter your name"],
          email: ["Enter a valid email address, like name@example.com"],
          message: ["Write a message of at least 10 characters"],
        },
      },
    });
    expect(await rows("select id from contact_messages")).toHaveLength(before);
  });
});

describe("newsletter form", () => {
  it("stores a sign-up as waiting for its confirmation link, lower-case, and subscribes nobody yet", async () => {
    for (const email of ["Sam@Example.com", "sam@example.com"]) {
      const response = (await action({
        request: postForm("/?index", { intent: "newsletter", email }),
        params: {},
        context: t.context,
      })) as Response;
      expect(response.headers.get("Location")).toBe("/?subscribed=yes#newsletter");
    }
    expect(await rows("select email from newsletter_pending")).toEqual([
      { email: "sam@example.com" },
      { email: "sam@example.com" },
    ]);
    expect(await rows("select email from newsletter_subscribers")).toEqual([]);
  });

  it("refuses a missing address with a clear message", async () => {
    const { data, status } = unwrapData(
      await action({
        request: postForm("/?index", { intent: "newsletter", email: "" }),
        params: {},
        context: t.context,
      }),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      result: { error: { email: ["Enter a valid email address, like name@example.com"] } },
    });
  });
});

describe("bad posts", () => {
  it("answers an unknown form with 400", async () => {
    const response = await thrownResponse(() =>
      action({ request: postForm("/?index", { intent: "delete-everything" }), params: {}, context: t.context }),
    );
    expect(response.status).toBe(400);
  });

  it("answers a body that is not a form with 400, not 500", async () => {
    const request = new Request("http://localhost/?index", {
      method: "POST",
      body: "{not json",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
    });
    const response = await thrownResponse(() => action({ request, params: {}, context: t.context }));
    expect(response.status).toBe(400);
  });
});

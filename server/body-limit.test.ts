import { describe, expect, it } from "vitest";
import { bodyLimitOf, bodyLimits, drainLimit, withinBodyLimit } from "./body-limit";

/** A body that counts how much of it was read (pulled only when read), `chunks` chunks of `size` bytes, or endless. */
function countedBody(size: number, chunks = Infinity) {
  let read = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size * chunks) return controller.close();
        read += size;
        controller.enqueue(new TextEncoder().encode("a".repeat(size)));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

const post = (url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("request body limit", () => {
  it("refuses a declared Content-Length over the limit without calling the handler, reading the body only to throw it away", async () => {
    const body = countedBody(1024, 100);
    let called = false;
    const response = await withinBodyLimit(
      post("https://shelter.example/register", body.stream, { "Content-Length": String(bodyLimits.form + 1) }),
      async () => {
        called = true;
        return new Response("saved");
      },
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("This form was too large to accept");
    expect(called).toBe(false);
    // Drained, so that a browser still sending gets to read the page rather than a reset connection.
    expect(body.read()).toBe(100 * 1024);
  });

  it("stops draining a refused body once it passes the drain limit", async () => {
    const body = countedBody(1024 * 1024);
    const response = await withinBodyLimit(
      post("https://shelter.example/register", body.stream, { "Content-Length": String(1024 * 1024 * 1024) }),
      async () => new Response("saved"),
    );
    expect(response.status).toBe(413);
    expect(body.read()).toBeGreaterThan(drainLimit);
    expect(body.read()).toBeLessThanOrEqual(drainLimit + 2 * 1024 * 1024);
  });

  it("gives the pet form its own limit for staff who may save pets: twelve 10 MB photos and the fields", async () => {
    expect(bodyLimits.photoForm).toBe(12 * 10 * 1024 * 1024 + 1024 * 1024);
    const handler = async (request: Request) => new Response(`read ${(await request.arrayBuffer()).byteLength}`);
    const declared = (url: string, length: number) =>
      post(url, countedBody(1024, 1).stream, { "Content-Length": String(length) });
    const staff = async () => ({ staff: true, mayPostPhotos: true });
    for (const url of ["https://shelter.example/petadmin/create", "https://shelter.example/petadmin/edit?pet_id=3"]) {
      expect((await withinBodyLimit(declared(url, 50 * 1024 * 1024), handler, staff)).status, url).toBe(200);
      const refused = await withinBodyLimit(declared(url, bodyLimits.photoForm + 1), handler, staff);
      expect(refused.status, url).toBe(413);
      expect(await refused.text()).toContain("at most 12 photos of up to 10 MB each");
    }
    expect(
      (await withinBodyLimit(declared("https://shelter.example/petadmin/staff", 100 * 1024), handler, staff)).status,
    ).toBe(413);
  });

  it("holds strangers to the small limit on staff pages, the pet form included, and says why", async () => {
    const handler = async () => new Response("read");
    const declared = (url: string) => post(url, countedBody(1024, 1).stream, { "Content-Length": String(100 * 1024) });
    for (const sender of [undefined, async () => ({ staff: false, mayPostPhotos: false })]) {
      for (const url of [
        "https://shelter.example/petadmin/create",
        "https://shelter.example/petadmin/edit?pet_id=3",
        "https://shelter.example/petadmin/inbox/message/1",
      ]) {
        const refused = await withinBodyLimit(declared(url), handler, sender);
        expect(refused.status, url).toBe(413);
        expect(await refused.text()).toContain("This form is for signed-in shelter staff");
      }
    }
    // A failed session lookup counts as a stranger.
    const failed = await withinBodyLimit(declared("https://shelter.example/petadmin/edit"), handler, async () =>
      Promise.reject(new Error("D1 down")),
    );
    expect(failed.status).toBe(413);
  });

  it("answers a form posted by JavaScript (single fetch, .data) with a 413 in turbo-stream, not HTML", async () => {
    const refused = await withinBodyLimit(
      post("https://shelter.example/_root.data?index", countedBody(1024, 1).stream, {
        "Content-Length": String(100 * 1024),
      }),
      async () => new Response("saved"),
    );
    expect(refused.status).toBe(413);
    expect(refused.headers.get("Content-Type")).toBe("text/x-script");
    expect(await refused.text()).toContain('"ErrorResponse"');
  });

  it("cuts off a body without Content-Length as it passes the limit, whatever the handler answers", async () => {
    const body = countedBody(16 * 1024);
    const response = await withinBodyLimit(post("https://shelter.example/?index", body.stream), async (request) => {
      try {
        await request.formData();
      } catch {
        return new Response("The form could not be read.", { status: 400 });
      }
      return new Response("saved");
    });
    expect(response.status).toBe(413);
    expect(body.read()).toBeLessThan(bodyLimits.form + 4 * 16 * 1024);
  });

  it("passes a body within the limit through whole, with or without Content-Length", async () => {
    const echo = async (request: Request) => new Response(String((await request.arrayBuffer()).byteLength));
    const chunked = await withinBodyLimit(post("https://shelter.example/?index", countedBody(1000, 60).stream), echo);
    expect(await chunked.text()).toBe("60000");
    const declared = await withinBodyLimit(
      post("https://shelter.example/?index", countedBody(1000, 3).stream, { "Content-Length": "3000" }),
      echo,
    );
    expect(await declared.text()).toBe("3000");
    const get = await withinBodyLimit(new Request("https://shelter.example/"), async () => new Response("page"));
    expect(await get.text()).toBe("page");
  });

  it("gives the same limits to a page in any language: Spanish staff save pet photos, Spanish fosters send note photos (issue 39)", async () => {
    const handler = async () => new Response("read");
    const declared = (url: string, length: number) =>
      post(url, countedBody(1024, 1).stream, { "Content-Length": String(length) });
    const staff = async () => ({ staff: true, mayPostPhotos: true });
    for (const url of [
      "https://shelter.example/es/petadmin/create",
      "https://shelter.example/es/petadmin/edit?pet_id=3",
      "https://shelter.example/es/petadmin/edit.data?pet_id=3",
    ]) {
      expect((await withinBodyLimit(declared(url, 50 * 1024 * 1024), handler, staff)).status, url).toBe(200);
    }
    const fostering = async () => ({ staff: false, mayPostPhotos: false, fostering: true });
    for (const url of ["https://shelter.example/es/foster/pets", "https://shelter.example/es/foster/pets.data"]) {
      expect((await withinBodyLimit(declared(url, 20 * 1024 * 1024), handler, fostering)).status, url).toBe(200);
    }
    // A stranger posting to a Spanish staff page is a stranger there too.
    const refused = await withinBodyLimit(declared("https://shelter.example/es/petadmin/create", 100 * 1024), handler);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("This form is for signed-in shelter staff");
  });

  it("gives a note's photos room only to a foster with a pet at home now, any other account the small limit (issue 39)", () => {
    const note = new Request("https://shelter.example/foster/pets", { method: "POST" });
    expect(bodyLimitOf(note, { staff: false, mayPostPhotos: false, fostering: true })).toBe(bodyLimits.fosterNote);
    expect(bodyLimitOf(note, { staff: false, mayPostPhotos: false, fostering: false })).toBe(bodyLimits.form);
    expect(bodyLimitOf(note, { staff: true, mayPostPhotos: true })).toBe(bodyLimits.form);
    // Fostering opens no other page's limit.
    expect(
      bodyLimitOf(new Request("https://shelter.example/petadmin/create", { method: "POST" }), {
        staff: false,
        mayPostPhotos: false,
        fostering: true,
      }),
    ).toBe(bodyLimits.form);
  });

  it('gives a follow-up\'s answer page room for the one photo of "All is well", in any language, and no more (issue 45)', () => {
    for (const url of [
      "https://shelter.example/care/answer?pet=1",
      "https://shelter.example/care/answer.data",
      "https://shelter.example/es/care/answer",
    ])
      expect(bodyLimitOf(new Request(url, { method: "POST" }), { staff: false, mayPostPhotos: false }), url).toBe(
        bodyLimits.careAnswer,
      );
    expect(bodyLimits.careAnswer).toBeLessThan(bodyLimits.lostFoundReport);
    expect(
      bodyLimitOf(new Request("https://shelter.example/care/stop", { method: "POST" }), {
        staff: false,
        mayPostPhotos: false,
      }),
    ).toBe(bodyLimits.form);
  });
});

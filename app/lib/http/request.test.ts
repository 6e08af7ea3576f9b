import { describe, expect, it } from "vitest";
import { formLimits, readFormData, readId } from "./request";

const post = (body: BodyInit, headers?: HeadersInit) =>
  new Request("http://localhost/form", { method: "POST", body, headers });
const form = (entries: [string, string][]) => {
  const body = new URLSearchParams();
  for (const [name, value] of entries) body.append(name, value);
  return post(body);
};

async function refusal(request: Request) {
  try {
    await readFormData(request);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
  return null;
}

describe("readFormData", () => {
  it("reads the site's own forms, nested Conform names included", async () => {
    const formData = await readFormData(
      form([
        ["intent", "answer"],
        ["pets[0].type", "Dog"],
        ["pets[2].age", "12"],
        ["breed", "Pug"],
        ["breed", "Shy"],
      ]),
    );
    expect(formData.getAll("breed")).toEqual(["Pug", "Shy"]);
    expect(formData.get("pets[2].age")).toBe("12");
  });

  it("refuses a list position Conform would turn into a huge array, before anything parses it", async () => {
    // Before: parseWithZod built a 100,000,000-slot array from this name and zod walked it for seconds.
    expect(await refusal(form([["pets[99999999].type", "Dog"]]))).toEqual({
      status: 400,
      text: expect.stringContaining("list position that is too large"),
    });
    expect(await refusal(form([[`email[${formLimits.index + 1}]`, "a"]]))).toMatchObject({ status: 400 });
    expect(await refusal(form([[`email[${formLimits.index}]`, "a"]]))).toBeNull();
  });

  it("refuses very deep and very long names and too many fields", async () => {
    expect(await refusal(form([[Array.from({ length: 3000 }, () => "a").join("."), "x"]]))).toMatchObject({
      status: 400,
    });
    expect(await refusal(form([[`a${"[0]".repeat(formLimits.depth)}`, "x"]]))).toEqual({
      status: 400,
      text: expect.stringContaining("nested too deeply"),
    });
    expect(await refusal(form([["n".repeat(formLimits.nameLength + 1), "x"]]))).toEqual({
      status: 400,
      text: expect.stringContaining("too long"),
    });
    expect(
      await refusal(
        form(Array.from({ length: formLimits.fields + 1 }, (_, i): [string, string] => [`f${i % 5}`, "x"])),
      ),
    ).toEqual({ status: 400, text: expect.stringContaining("too many fields") });
  });

  it("refuses names of Object.prototype's properties, which Conform would merge with its functions", async () => {
    // Before: `valueOf=x` came back in the reply as [Object.prototype.valueOf, "x"], which no response can carry.
    for (const name of [
      "valueOf",
      "toString",
      "a.hasOwnProperty",
      "__proto__",
      "constructor",
      "pets[0].isPrototypeOf",
    ]) {
      expect(await refusal(form([[name, "x"]])), name).toEqual({
        status: 400,
        text: expect.stringContaining("does not use"),
      });
    }
    expect(
      await refusal(
        form([
          ["values", "x"],
          ["pets[0].type", "Dog"],
        ]),
      ),
    ).toBeNull();
  });

  it("answers 400 for a body that is not a form", async () => {
    expect(
      await refusal(post("--xyz\r\nbroken", { "Content-Type": "multipart/form-data; boundary=xyz" })),
    ).toMatchObject({ status: 400 });
    expect(await refusal(post('{"a":1}', { "Content-Type": "application/json" }))).toMatchObject({ status: 400 });
  });
});

describe("readId", () => {
  it("reads a positive whole number of up to nine digits, and nothing else", () => {
    expect(readId("1")).toBe(1);
    expect(readId("007")).toBe(7);
    expect(readId("999999999")).toBe(999_999_999);
    for (const bad of ["0", "", "-1", "1e3", "1.5", " 1", "1234567890", "x", null, undefined, 3])
      expect(readId(bad)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isUploadRequest, uploadAnswerOf } from "./upload-answer";

describe("the pet form's upload by XHR", () => {
  it("is a post marked X-Upload: xhr", () => {
    const post = (headers: Record<string, string>) =>
      new Request("http://localhost/petadmin/create", { method: "POST", headers });
    expect(isUploadRequest(post({ "X-Upload": "xhr" }))).toBe(true);
    expect(isUploadRequest(post({}))).toBe(false);
    expect(isUploadRequest(post({ "X-Upload": "fetch" }))).toBe(false);
    expect(isUploadRequest(new Request("http://localhost/petadmin/create", { headers: { "X-Upload": "xhr" } }))).toBe(
      false,
    );
  });

  it("answers where to go, or the reply, from the action's data", () => {
    expect(uploadAnswerOf({ location: "/petadmin/create?created=4" })).toEqual({
      location: "/petadmin/create?created=4",
    });
    const reply = { initialValue: { name: "" }, error: { name: ["Name is required"] } };
    // The edit action's data carries more than the reply: only the reply is answered.
    expect(uploadAnswerOf({ intent: "save", message: undefined, result: undefined, reply })).toEqual({ reply });
  });

  it("answers nothing for anything else, nor a location off the site", () => {
    expect(uploadAnswerOf(undefined)).toBeNull();
    expect(uploadAnswerOf(null)).toBeNull();
    expect(uploadAnswerOf("text")).toBeNull();
    expect(uploadAnswerOf({ intent: "hold", message: "Refused" })).toBeNull();
    expect(uploadAnswerOf({ location: "https://evil.example/" })).toBeNull();
    expect(uploadAnswerOf({ location: "//evil.example/" })).toBeNull();
  });
});

import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { replyMessages, replyMessagesElement } from "./reply-messages";

describe("the messages a form's reply names", () => {
  const i18n = setupI18n({
    locale: "es",
    messages: { es: { "Enter your name": ["Escribe tu nombre"], "Hi {name}": ["Hola, ", ["name"]], other: ["Otro"] } },
  });

  it("are the catalogue's entries for the strings of the action data, at any depth", () => {
    const actionData = {
      "routes/_main._index": {
        result: {
          status: "error",
          error: { name: ["Enter your name"], email: ["Not a message"] },
          initialValue: { name: "Hi {name}" },
        },
      },
    };
    expect(replyMessages(i18n, actionData)).toEqual({
      "Enter your name": ["Escribe tu nombre"],
      "Hi {name}": ["Hola, ", ["name"]],
    });
  });

  it("are none without action data", () => {
    expect(replyMessages(i18n, null)).toEqual({});
    expect(replyMessages(i18n, undefined)).toEqual({});
  });

  it("go in a JSON element no text can close", () => {
    expect(replyMessagesElement({ "</script><b>": ["x"] })).toBe(
      '<script type="application/json" id="reply-messages">{"\\u003c/script>\\u003cb>":["x"]}</script>',
    );
  });
});

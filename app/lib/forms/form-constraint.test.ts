import { describe, expect, it } from "vitest";
import { serverField } from "./form-constraint";

describe("serverField", () => {
  const form = {
    id: "contact",
    constraint: { name: { required: true, maxLength: 100 } },
    lastResult: {
      status: "error" as const,
      initialValue: { name: "  ", email: "a@b" },
      error: { name: ["Enter your name"] },
    },
  };

  it("reads the errors, the kept value and the constraint of a field", () => {
    expect(serverField(form, "name")).toEqual({
      id: "contact-name",
      name: "name",
      errorId: "contact-name-error",
      errors: ["Enter your name"],
      defaultValue: "  ",
      constraint: { required: true, maxLength: 100 },
    });
  });

  it("has no errors and no value before the first submission", () => {
    expect(serverField({ id: "contact", constraint: {} }, "email")).toMatchObject({
      errors: [],
      defaultValue: undefined,
      constraint: {},
    });
  });

  it("starts from the form's values until the server replied, then keeps what was sent", () => {
    const editing = { id: "visits", constraint: {}, defaultValue: { capacity: 2, note: null } };
    expect(serverField(editing, "capacity").defaultValue).toBe("2");
    expect(serverField(editing, "note").defaultValue).toBeUndefined();
    const replied = {
      ...editing,
      lastResult: {
        status: "error" as const,
        initialValue: { capacity: "x" },
        error: { capacity: ["Enter a number"] },
      },
    };
    expect(serverField(replied, "capacity").defaultValue).toBe("x");
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { config, type z } from "zod";

// zod compiles object checks with `new Function` when it may; the site's Content-Security-Policy forbids
// eval, and even zod's probe for it is reported as a violation.
config({ jitless: true });

/** What the page gives a live check: whether a field shows an error now, and how to show new ones. */
export interface LiveView {
  hasError: (name: string) => boolean;
  /** Errors of the fields checked; `formErrors` null keeps the form's messages as they are. */
  show: (fields: Record<string, string[]>, formErrors: string[] | null, focusFirstError: boolean) => void;
}

/** A form checked live: how to stop, and how to re-check what was typed after the last post. */
export interface AttachedCheck {
  stop: () => void;
  /**
   * Re-checks the fields typed into since the last post: the server's reply to that post judged the
   * values sent, not what the field holds now (a reply that arrives while the user corrects a field
   * on a slow network must not mark the corrected value wrong).
   */
  recheckEdited: () => void;
}

/** Starts checking a form live, first the fields already left. */
export type LiveCheck = (form: HTMLFormElement, leftAlready: Iterable<string>, view: LiveView) => AttachedCheck;

const controlName = (target: unknown) =>
  (target instanceof HTMLInputElement && target.type !== "hidden" && target.type !== "file") ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement
    ? target.name
    : "";

/**
 * The browser's check of a form with the action's own schema, through the same `parseWithZod` (Conform's
 * `shouldValidate: "onBlur"`, `shouldRevalidate: "onInput"`), and, where the action adds one, its summary.
 * Only the lazily loaded validator modules import this, so zod never loads with a page.
 */
export function formCheck(schema: z.ZodType, summary?: (failing: string[]) => string | null): LiveCheck {
  const check = (formData: FormData) => {
    const submission = parseWithZod(formData, { schema });
    const error = submission.status === "success" ? {} : (submission.error ?? {});
    const fields: Record<string, string[]> = {};
    for (const [name, errors] of Object.entries(error)) if (name && errors?.length) fields[name] = errors;
    const message = summary?.(Object.keys(fields));
    return { fields, formErrors: [...(message ? [message] : []), ...(error[""] ?? [])] };
  };

  return (form, leftAlready, view) => {
    const touched = new Set<string>([...leftAlready].filter((name) => controlName(form.elements.namedItem(name))));
    const editedSincePost = new Set<string>();
    let submitted = false;
    const validate = (submitter?: HTMLElement | null, focus = false, names: Iterable<string> = touched) => {
      const result = check(new FormData(form, submitter));
      view.show(
        Object.fromEntries([...names].map((name) => [name, result.fields[name] ?? []])),
        submitted ? result.formErrors : null,
        focus,
      );
      return result;
    };
    const onBlur = (event: FocusEvent) => {
      const name = controlName(event.target);
      if (!name) return;
      touched.add(name);
      // Leaving for a submit button: the submit checks everything, and a message shown now would move
      // the button from under the pointer before the click lands.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.form === form && next.type === "submit") return;
      validate();
    };
    const onInput = (event: Event) => {
      const name = controlName(event.target);
      if (name) editedSincePost.add(name);
      if (!name || (!touched.has(name) && !view.hasError(name))) return;
      touched.add(name);
      validate();
    };
    const onSubmit = (event: SubmitEvent) => {
      // A button marked formNoValidate (save a draft) posts as it is, as it does without JavaScript.
      if (event.submitter?.hasAttribute("formnovalidate")) {
        editedSincePost.clear();
        return;
      }
      submitted = true;
      for (const element of form.elements) if (controlName(element)) touched.add(controlName(element));
      const result = check(new FormData(form, event.submitter));
      // Only what the user can see and fix stops the post; anything else is the server's to answer.
      const blocking =
        [...touched].some((name) => (result.fields[name]?.length ?? 0) > 0) || result.formErrors.length > 0;
      if (!blocking) {
        editedSincePost.clear();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      validate(event.submitter, true);
    };
    if (touched.size > 0) validate();
    form.addEventListener("focusout", onBlur);
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    form.addEventListener("submit", onSubmit);
    return {
      stop: () => {
        form.removeEventListener("focusout", onBlur);
        form.removeEventListener("input", onInput);
        form.removeEventListener("change", onInput);
        form.removeEventListener("submit", onSubmit);
      },
      recheckEdited: () => {
        if (editedSincePost.size === 0) return;
        for (const name of editedSincePost) touched.add(name);
        validate(undefined, false, editedSincePost);
      },
    };
  };
}

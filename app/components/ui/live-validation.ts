import { useEffect, useRef, useState, type RefObject } from "react";
import { errorSummarySelector } from "#app/components/ui/error-summary";
import type { AttachedCheck, LiveCheck } from "#app/lib/forms/validators/form-check";

/** Loads a form's live check (its zod schema and the listeners, in chunks of their own) on first use. */
export type LoadFormCheck = () => Promise<LiveCheck>;

export type FieldErrorMap = Record<string, string[] | null | undefined>;

interface Live {
  /** The server reply these live errors follow; a new reply hands every field back to the server. */
  after: unknown;
  fields: Record<string, string[]>;
  formErrors: string[] | null;
  /** A submit was stopped in the browser since that reply (as a refused post would have been). */
  submitStopped: boolean;
}

/**
 * Conform's client validation, loaded on demand (docs/decisions/037): once hydrated the form is
 * `noValidate`; its first focus or input loads the form's check, which then checks each field with the
 * action's zod schema as the user leaves it, re-checks it on input, and stops a submit with errors.
 * Until the check arrives the server answers, as without JavaScript. Returns the errors to show: the
 * live ones where the browser checked a field, the server's elsewhere.
 */
export function useLiveValidation(
  ref: RefObject<HTMLFormElement | null>,
  serverErrors: FieldErrorMap | null | undefined,
  load: LoadFormCheck | undefined,
) {
  const [live, setLive] = useState<Live>({ after: serverErrors, fields: {}, formErrors: null, submitStopped: false });
  const current = live.after === serverErrors ? live : null;
  const shown = useRef({ serverErrors, current });
  useEffect(() => {
    shown.current = { serverErrors, current };
  });
  const attached = useRef<AttachedCheck | null>(null);
  // A new reply from the server: what was typed since that post is judged as it is now, not as sent.
  useEffect(() => {
    attached.current?.recheckEdited();
  }, [serverErrors]);
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    ref.current
      ?.querySelector<HTMLElement>(`${errorSummarySelector}, [aria-invalid="true"], fieldset[aria-describedby] input`)
      ?.focus();
  }, [live, ref]);

  useEffect(() => {
    const form = ref.current;
    if (!form || !load) return;
    form.noValidate = true;

    let stopped = false;
    let check: AttachedCheck | undefined;
    // Fields left while the check loads are checked as soon as it arrives.
    const leftEarly = new Set<string>();
    const noteLeft = (event: FocusEvent) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name) leftEarly.add(name);
    };
    form.addEventListener("focusout", noteLeft);
    const start = () => {
      form.removeEventListener("focusin", start);
      form.removeEventListener("input", start);
      load().then(
        (attach) => {
          form.removeEventListener("focusout", noteLeft);
          if (stopped) return;
          check = attach(form, leftEarly, {
            hasError: (name) => {
              const { serverErrors: server, current: now } = shown.current;
              return ((now && name in now.fields ? now.fields[name] : server?.[name])?.length ?? 0) > 0;
            },
            show: (checked, formErrors, focus) => {
              const after = shown.current.serverErrors;
              focusFirstError.current = focus;
              setLive((previous) => {
                const kept =
                  previous.after === after ? previous : { fields: {}, formErrors: null, submitStopped: false };
                return {
                  after,
                  fields: { ...kept.fields, ...checked },
                  formErrors: formErrors ?? kept.formErrors,
                  submitStopped: focus || kept.submitStopped,
                };
              });
            },
          });
          attached.current = check;
        },
        () => listen(),
      );
    };
    const listen = () => {
      form.addEventListener("focusin", start);
      form.addEventListener("input", start);
    };
    listen();
    return () => {
      stopped = true;
      form.removeEventListener("focusin", start);
      form.removeEventListener("input", start);
      form.removeEventListener("focusout", noteLeft);
      check?.stop();
      attached.current = null;
    };
  }, [ref, load]);

  return {
    fields: { ...serverErrors, ...current?.fields } as FieldErrorMap,
    formErrors: current?.formErrors ?? null,
    submitStopped: current?.submitStopped ?? false,
  };
}

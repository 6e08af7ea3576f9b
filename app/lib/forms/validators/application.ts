import { applicationSchema, noteSchema } from "#app/lib/applications/application-schema";
import { formCheck } from "./form-check";

// The adoption application and the inbox's notes checked in the browser, loaded on first use (docs/decisions/037).
export const application = formCheck(applicationSchema);
export const note = formCheck(noteSchema);

import { contactSchema, newsletterSchema } from "#app/lib/forms/contact-schemas";
import { formCheck } from "./form-check";

// The home page's forms checked in the browser, loaded on first use (docs/decisions/037).
export const contact = formCheck(contactSchema);
export const newsletter = formCheck(newsletterSchema);

import { visitSchema, visitSettingsSchema } from "#app/lib/visits/visit-schema";
import { formCheck } from "./form-check";

// The visit booking and the staff's visit settings checked in the browser, loaded on first use (docs/decisions/037).
export const visit = formCheck(visitSchema);
export const visitSettings = formCheck(visitSettingsSchema);

import { volunteerSchema } from "#app/lib/volunteer/volunteer-schema";
import { formCheck } from "./form-check";

// The volunteer application checked in the browser, loaded on first use (docs/decisions/037).
export const volunteer = formCheck(volunteerSchema);

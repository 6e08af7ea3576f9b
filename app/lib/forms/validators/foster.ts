import { fosterSchema } from "#app/lib/foster/foster-schema";
import { formCheck } from "./form-check";

// The foster application checked in the browser, loaded on first use (docs/decisions/037).
export const foster = formCheck(fosterSchema);

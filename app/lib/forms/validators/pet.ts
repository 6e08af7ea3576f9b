import { petFormSchema } from "#app/lib/pets/pet-form-schema";
import { formCheck } from "./form-check";

/** The pet form checked in the browser, loaded on first use (docs/decisions/037); photos are checked on the server. */
export const pet = formCheck(petFormSchema);

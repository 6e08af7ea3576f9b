/**
 * Bounds on a posted form's field names. Conform builds objects and arrays from names such as
 * `pets[2].age`, so `x[99999999]` would make a hundred-million-slot array for zod to walk and a very
 * deep dotted name a very deep object: the site's own forms stay far below these. Names of
 * Object.prototype's properties (`valueOf`, `toString`) are refused too.
 */
export const formLimits = { fields: 1000, nameLength: 200, depth: 8, index: 1000 };

/** Why a posted form is refused before it is parsed, or null when its field names are within bounds. */
export function formShapeProblem(formData: FormData): string | null {
  let fields = 0;
  for (const name of formData.keys()) {
    fields += 1;
    if (fields > formLimits.fields) return "The form has too many fields.";
    if (name.length > formLimits.nameLength) return "The form has a field name that is too long.";
    const segments = name.split(/[.[]/);
    if (segments.length > formLimits.depth) return "The form has a field name nested too deeply.";
    // Conform merges a posted `valueOf` with Object.prototype's function of that name into one value.
    if (segments.some((segment) => segment in Object.prototype))
      return "The form has a field name the site does not use.";
    for (const [, index] of name.matchAll(/\[(\d*)\]/g)) {
      if (Number(index) > formLimits.index) return "The form has a field with a list position that is too large.";
    }
  }
  return null;
}

/**
 * The posted form, or a 400 response when the body is not a form at all (a wrong content type or a
 * broken multipart body) or its field names are out of bounds, so that nothing a client sends turns
 * into a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("The form could not be read. Please try again.", { status: 400 });
  }
  const problem = formShapeProblem(formData);
  if (problem) throw new Response(`${problem} Please send the form from the site's page.`, { status: 400 });
  return formData;
}

/**
 * A record's id as a visitor may send it (in the address, a path segment or a form): a positive
 * whole number of at most nine digits; anything else is null, so the route answers 404 or 400,
 * never a 500.
 */
export function readId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

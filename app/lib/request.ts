/**
 * The posted form, or a 400 response when the body is not a form at all (a wrong content type or a
 * broken multipart body), so that nothing a client sends turns into a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Please try again.", { status: 400 });
  }
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { derivativeOfKey, isPhotoKey, isStoryPhotoKey } from "#app/lib/photos/photos";
import { requireStaff } from "#app/services/auth.server";
import { answerPhotoCopy, photoNotFound } from "#app/services/photo-copies.server";

/**
 * An adopter's "All is well" photo for staff, who see it in the inbox before they approve the story
 * (issue 45, decision 067): `read:inbox`, and kept by no shared cache (`private, no-store`), since the
 * story may never be approved. Only story photos' copies: pet photos have their public address.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:inbox");
  const key = params.key ?? "";
  if (!isPhotoKey(key) || !isStoryPhotoKey(key) || !derivativeOfKey(key)) return photoNotFound();
  return answerPhotoCopy(context, request, key, "private, no-store");
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { derivativeOfKey, isFosterNotePhotoKey, isPhotoKey } from "#app/lib/photos/photos";
import { requireStaff } from "#app/services/auth.server";
import { answerPhotoCopy, photoNotFound } from "#app/services/photo-copies.server";

/**
 * A foster's note photo for staff, who see every photo of a note before they approve or reject it
 * (decision 053, issue 39): `read:fosters`, and kept by no shared cache (`private, no-store`), since
 * the note may never be approved. Only note photos' copies: pet photos have their public address.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  await requireStaff(context, request, "read:fosters");
  const key = params.key ?? "";
  if (!isPhotoKey(key) || !isFosterNotePhotoKey(key) || !derivativeOfKey(key)) return photoNotFound();
  return answerPhotoCopy(context, request, key, "private, no-store");
}

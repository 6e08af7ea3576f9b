import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  derivativeOfKey,
  isFosterNotePhotoKey,
  isLostFoundPhotoKey,
  isPhotoKey,
  isStoryPhotoKey,
} from "#app/lib/photos/photos";
import { isApprovedStoryPhoto } from "#app/models/care.server";
import { isApprovedFosterNotePhoto } from "#app/models/foster-placements.server";
import { isVisibleLostFoundPhoto } from "#app/models/lost-found.server";
import {
  answerPhotoCopy,
  immutablePhotoCache,
  photoNotFound,
  photoUnavailable,
} from "#app/services/photo-copies.server";

/** An approved story's photo: a day in browsers and shared caches, so taking a story off is felt within the day. */
const storyPhotoCache = "public, max-age=86400";

/**
 * The public copies of photos (decision 035; services/photo-copies): cached for a year as immutable.
 * A foster's note photo is public only once staff approved its note (decision 053, issue 39): before
 * that, and after a rejection, it is "not found" and nothing caches that answer. Staff see it before
 * they decide at /petadmin/foster-note-photos/:key, never through this public address. A lost or
 * found pet's photo is public while its report is confirmed and not hidden (decision 066). An adopter's
 * "All is well" photo is public only while staff approve its story (issue 45, decision 067), and is
 * cached a day rather than a year: a story taken off stops showing its photo within the day.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const copy = isPhotoKey(key) ? derivativeOfKey(key) : null;
  if (!copy) return photoNotFound();
  if (isFosterNotePhotoKey(key)) {
    try {
      if (!(await isApprovedFosterNotePhoto(context.db, copy.originals))) return photoNotFound();
    } catch (error) {
      return photoUnavailable(key, error);
    }
  }
  if (isLostFoundPhotoKey(key)) {
    try {
      if (!(await isVisibleLostFoundPhoto(context.db, copy.originals))) return photoNotFound();
    } catch (error) {
      return photoUnavailable(key, error);
    }
  }
  if (isStoryPhotoKey(key)) {
    try {
      if (!(await isApprovedStoryPhoto(context.db, copy.originals))) return photoNotFound();
    } catch (error) {
      return photoUnavailable(key, error);
    }
    return answerPhotoCopy(context, request, key, storyPhotoCache);
  }
  return answerPhotoCopy(context, request, key, immutablePhotoCache);
}

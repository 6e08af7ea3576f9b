import { useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { PetFormReply } from "#app/lib/pets/pet-form-schema";
import { photoLimits } from "#app/lib/pets/pet-fields";
import type { UploadAnswer } from "#app/lib/photos/upload-answer";

/** Resizing and the upload by XHR, loaded when photos are chosen (decision 038). */
const loadUploader = () => import("#app/lib/photos/photo-upload");

/** Where the upload by XHR is; `at` is the location it started from, so a later page never shows it. */
export type Upload = { at: string } & (
  | { phase: "preparing"; done: number; total: number }
  | { phase: "sending"; loaded: number; total: number; said: number }
  | { phase: "saving"; total: number }
  | { phase: "cancelled" }
  | { phase: "failed"; message: string }
);

/** Status texts are said at most this often while photos are sent (a screen reader reads each one). */
const sayEveryMs = 1_000;

/**
 * The pet form's save with new photos, with JavaScript (decision 038): the photos are resized, the
 * form goes by XHR with its progress and can be cancelled; then the page goes where the server says,
 * or shows the form sent back. Its states: preparing → sending → saving (then the next page), or
 * cancelled, or failed. Without the uploader (it did not load), the form goes as Remix sends it.
 *
 * `reply` is the reply to show: an upload's, until the next navigation brings the action's own; a
 * conflict's stays on the page reloaded to show the pet as it is now. `onSentBack` is told when an
 * upload comes back with the form's errors, which the page's own action data never holds.
 */
export function usePhotoUpload(actionReply: PetFormReply | null | undefined, onSentBack?: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const perPet = photoLimits.perPet;
  const submit = useSubmit();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [sentBack, setSentBack] = useState<{ reply: PetFormReply; at: string; conflict: boolean } | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const reloadedAfter = (location.state as { petFormConflictAfter?: unknown } | null)?.petFormConflictAfter;
  const reply =
    sentBack && (sentBack.at === location.key || (sentBack.conflict && sentBack.at === reloadedAfter))
      ? sentBack.reply
      : actionReply;
  const current = upload?.at === location.key ? upload : null;

  const start = async (form: HTMLFormElement, submitter: HTMLButtonElement | null, files: File[]) => {
    const at = location.key;
    const abort = new AbortController();
    running.current = abort;
    const show = (next: Upload | null) => {
      if (!abort.signal.aborted) setUpload(next);
    };
    show({ at, phase: "preparing", done: 0, total: files.length });
    let uploader: Awaited<ReturnType<typeof loadUploader>>;
    try {
      uploader = await loadUploader();
    } catch {
      // Without the uploader the form goes as Remix sends it: the originals, no progress.
      show(null);
      if (!abort.signal.aborted) submit(submitter ?? form);
      return;
    }
    // The photos' bytes until the browser reports the whole body's.
    let total = 0;
    let said = { at: 0, bytes: 0 };
    try {
      const sent = await uploader.uploadForm(form, submitter, files, {
        signal: abort.signal,
        onPrepared: (done) => show({ at, phase: "preparing", done, total: files.length }),
        onSending: (photoBytes) => {
          total = photoBytes;
          show({ at, phase: "sending", loaded: 0, total, said: 0 });
        },
        onProgress: (loaded, bodyBytes) => {
          total = bodyBytes || total;
          const now = performance.now();
          if (now - said.at >= sayEveryMs || loaded >= total) said = { at: now, bytes: loaded };
          show({ at, phase: "sending", loaded, total, said: said.bytes });
        },
        onSent: () => show({ at, phase: "saving", total }),
      });
      const answer = sent.answer as UploadAnswer<PetFormReply> | null;
      if (answer && "location" in answer) {
        // Saved: "Saving…" stays until the page it leads to is there (`at` then no longer matches).
        navigate(answer.location);
      } else if (answer && "reply" in answer) {
        show(null);
        const conflict = sent.status === 409;
        setSentBack({ reply: answer.reply, at, conflict });
        onSentBack?.();
        // Someone else changed the pet meanwhile: load the page again to show it as it is now, as
        // revalidateAfterConflict does for Remix's own submits. (A same-address navigation runs the
        // loaders, and costs the public pages nothing that useRevalidator would.)
        if (conflict)
          navigate(
            { pathname: location.pathname, search: location.search },
            { replace: true, state: { petFormConflictAfter: at } },
          );
      } else if (sent.url && new URL(sent.url).pathname !== new URL(form.action).pathname) {
        // Sent elsewhere (signed out meanwhile: the sign-in page): go there, as a post without JavaScript would.
        const there = new URL(sent.url);
        navigate(`${there.pathname}${there.search}`);
      } else {
        const status = sent.status;
        show({
          at,
          phase: "failed",
          message:
            sent.status === 413
              ? t`These photos are too large to send at once, so nothing was saved. A pet can have at most ${perPet} photos: choose fewer or smaller ones and try again.`
              : t`The upload did not go through (the server answered ${status}). Please try again.`,
        });
      }
    } catch {
      // Cancelled: `cancel` has said so already. Otherwise the connection broke off.
      show({
        at,
        phase: "failed",
        message: t`The connection broke off before the server answered, so the pet may not have been saved. Check the list of pets, or try again.`,
      });
    } finally {
      if (running.current === abort) running.current = null;
    }
  };

  const cancel = () => {
    running.current?.abort();
    running.current = null;
    setUpload({ at: location.key, phase: "cancelled" });
  };

  /** Photos were chosen: the uploader loads meanwhile, so that Save does not wait for it. */
  const preload = () => void loadUploader().catch(() => undefined);

  return { reply, upload: current, start, cancel, preload };
}

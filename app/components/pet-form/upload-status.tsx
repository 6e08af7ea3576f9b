import { Trans, useLingui } from "@lingui/react/macro";
import { sentText } from "#app/lib/photos/upload-sizes";
import type { Upload } from "./use-photo-upload";

/**
 * The upload's progress in bytes, said as "1.2 MB of 3.4 MB sent" (at most every second), with
 * Cancel until everything is sent; then what became of it. The live region is always there, so that
 * screen readers announce what appears in it (a polite region, not role=status: the page's own status
 * notices, such as "was added", stay the only ones).
 */
export function UploadStatus({
  id,
  upload,
  submitLabel,
  onCancel,
}: {
  id: string;
  upload: Upload | null;
  submitLabel: string;
  onCancel: () => void;
}) {
  const progressId = `${id}-upload-progress`;
  const statusId = `${id}-upload-status`;
  const { t, i18n } = useLingui();
  let text = "";
  if (upload?.phase === "preparing") {
    const photo = Math.min(upload.done + 1, upload.total);
    const total = upload.total;
    text = t`Preparing photo ${photo} of ${total}…`;
  }
  if (upload?.phase === "sending") text = sentText(i18n, upload.said, upload.total);
  if (upload?.phase === "saving") {
    const sent = sentText(i18n, upload.total, upload.total);
    text = t`${sent}. Saving…`;
  }
  if (upload?.phase === "cancelled")
    text = t`Upload cancelled: nothing was saved. What you typed and the photos you chose are still here; press ${submitLabel} to send them.`;
  return (
    <div className="upload-status">
      {upload?.phase === "preparing" || upload?.phase === "sending" || upload?.phase === "saving" ? (
        <div className="upload-progress">
          <label htmlFor={progressId}>
            <Trans>Upload progress</Trans>
          </label>
          {upload.phase === "preparing" ? (
            <progress id={progressId} aria-describedby={statusId} />
          ) : (
            <progress
              id={progressId}
              aria-describedby={statusId}
              value={upload.phase === "sending" ? upload.loaded : upload.total}
              max={upload.total}
            />
          )}
          {upload.phase !== "saving" ? (
            <button type="button" className="button button--small" onClick={onCancel}>
              <Trans>Cancel upload</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      <p
        id={statusId}
        aria-live="polite"
        aria-atomic="true"
        className={
          upload?.phase === "cancelled" ? "notice notice--info" : text ? "upload-status__text" : "visually-hidden"
        }
      >
        {text}
      </p>
      {upload?.phase === "failed" ? (
        <p className="notice notice--error" role="alert">
          {upload.message}
        </p>
      ) : null}
    </div>
  );
}

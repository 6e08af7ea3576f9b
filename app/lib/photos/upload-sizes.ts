import type { I18n } from "@lingui/core";

/** Sizes as the pet form says them (its photo previews and upload progress): "1.2 MB" / "1,2 MB". */
export const megabytes = (bytes: number, locale = "en") => {
  const size = (bytes / 1024 / 1024).toFixed(1);
  return `${locale === "en" ? size : size.replace(".", ",")} MB`;
};

/** The upload's progress, in the page's language: "1.2 MB of 3.4 MB sent" / "1,2 MB de 3,4 MB enviados". */
export function sentText(i18n: I18n, loaded: number, total: number): string {
  return i18n._("{sent} of {total} sent", {
    sent: megabytes(Math.min(loaded, total), i18n.locale),
    total: megabytes(total, i18n.locale),
  });
}

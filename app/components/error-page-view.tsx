import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocalePath } from "#app/components/locale";
import { shelter } from "#app/config/shelter";

const texts: Record<number, { title: MessageDescriptor; body: MessageDescriptor }> = {
  400: { title: msg`That request did not look right`, body: msg`Please check the address or the form and try again.` },
  403: { title: msg`This page is for shelter staff`, body: msg`Your account does not have access to this page.` },
  404: {
    title: msg`We cannot find that page`,
    body: msg`The page may have moved, or the pet may have found a home already.`,
  },
  413: {
    title: msg`This form was too large to accept`,
    body: msg`What was sent is larger than this form needs, so nothing was saved. Please go back, shorten what you typed (or choose fewer or smaller photos) and send it again.`,
  },
  503: {
    title: msg`We couldn't reach our records just now`,
    body: msg`Nothing was lost. Please go back and try again in a moment.`,
  },
};

/**
 * The friendly page shown for any error. It never shows the error's message or stack: those go to
 * the server log, not to visitors. A static part of the page (components/static-view.tsx): the
 * browser loads this file only to show an error that happens there.
 */
export default function ErrorPage({ status }: { status: number }) {
  const { t } = useLingui();
  const href = useLocalePath();
  const phone = shelter.phone;
  const text = texts[status] ?? {
    title: msg`Something went wrong`,
    body: msg`We could not show this page just now. Please try again in a moment, or call us at ${phone}.`,
  };
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__status">{status === 404 ? "404" : t`Oops`}</p>
      <h1 id="error-title">{t(text.title)}</h1>
      <p>{t(text.body)}</p>
      <p className="button-row">
        <a className="button button--primary" href={href("/")}>
          <Trans>Go to the home page</Trans>
        </a>
        <a className="button" href={href("/adopt")}>
          <Trans>Meet our pets</Trans>
        </a>
      </p>
    </section>
  );
}

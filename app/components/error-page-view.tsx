import { shelter } from "#app/config/shelter";

const texts: Record<number, { title: string; body: string }> = {
  400: { title: "That request did not look right", body: "Please check the address or the form and try again." },
  403: { title: "This page is for shelter staff", body: "Your account does not have access to this page." },
  404: {
    title: "We cannot find that page",
    body: "The page may have moved, or the pet may have found a home already.",
  },
  413: {
    title: "This form was too large to accept",
    body: "What was sent is larger than this form needs, so nothing was saved. Please go back, shorten what you typed (or choose fewer or smaller photos) and send it again.",
  },
  503: {
    title: "We couldn't reach our records just now",
    body: "Nothing was lost. Please go back and try again in a moment.",
  },
};

/**
 * The friendly page shown for any error. It never shows the error's message or stack: those go to
 * the server log, not to visitors. A static part of the page (components/static-view.tsx): the
 * browser loads this file only to show an error that happens there.
 */
export default function ErrorPage({ status }: { status: number }) {
  const text = texts[status] ?? {
    title: "Something went wrong",
    body: `We could not show this page just now. Please try again in a moment, or call us at ${shelter.phone}.`,
  };
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <p className="error-page__status">{status === 404 ? "404" : "Oops"}</p>
      <h1 id="error-title">{text.title}</h1>
      <p>{text.body}</p>
      <p className="button-row">
        <a className="button button--primary" href="/">
          Go to the home page
        </a>
        <a className="button" href="/adopt">
          Meet our pets
        </a>
      </p>
    </section>
  );
}

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";
import { lazyView } from "#app/components/lazy-view";
import { shelter } from "#app/config/shelter";
import { routeMeta } from "#app/lib/i18n/meta";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import type { action, loader, View } from "./match.server";
import { FormAlert } from "#app/components/ui/form-alert";

export { action, loader } from "./match.server";

/** The questionnaire's views and the results: each page loads only the code of the one it shows (decision 039). */
const showsResults = (page: Document) => page.getElementById("results-title") !== null;
const MatchQuestions = lazyView(
  () => import("./questions"),
  (page) => !showsResults(page),
);
const MatchResultsView = lazyView(() => import("./results-view"), showsResults);

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const meta = routeMeta;

const steps: MessageDescriptor[] = [msg`Answer Questions`, msg`Finding Matches`, msg`Your Matches`];

function Steps({ view, finding }: { view: View; finding: boolean }) {
  const { t } = useLingui();
  const current = finding ? 1 : view === "results" ? 2 : 0;
  return (
    <ol className="steps" aria-label={t`Steps`}>
      {steps.map((label, index) => (
        <li
          key={label.id}
          aria-current={index === current ? "step" : undefined}
          className={index <= current ? "steps__done" : undefined}
        >
          {t(label)}
        </li>
      ))}
    </ol>
  );
}

function Finding() {
  return (
    <div className="finding" role="status">
      <span className="finding__paws" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <p>
        <Trans>Looking for your most matched pets...</Trans>
      </p>
    </div>
  );
}

/**
 * With JavaScript, "Finding Matches" shows while the answer is on its way and for about 3 s after it
 * arrives (spec §4); without JavaScript the results come straight in the response.
 */
function useFinding() {
  const navigation = useNavigation();
  const submitting = navigation.formData?.get("intent") === "match";
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (!holding || submitting) return;
    // The answer has arrived: keep the animation about three more seconds.
    const timer = setTimeout(() => setHolding(false), 3000);
    return () => clearTimeout(timer);
  }, [holding, submitting]);
  const startFinding = () => {
    // The results' code loads while the matches are found.
    void MatchResultsView.preload();
    setHolding(true);
  };
  return { finding: submitting || holding, startFinding };
}

export default function Match() {
  const loaderData = useLoaderData<typeof loader>();
  const { view, results } = loaderData;
  const alertsOn = "alertsOn" in loaderData ? loaderData.alertsOn : null;
  const alertsConfirmed = "alertsConfirmed" in loaderData ? loaderData.alertsConfirmed : false;
  const actionData = useActionData<typeof action>();
  const { finding, startFinding } = useFinding();
  const name = shelter.name;
  return (
    <div className="container match-page">
      <h1>
        <Trans>Find your match</Trans>
      </h1>
      <p className="lead">
        <Trans>Eight questions about your home and the pet you imagine at {name}.</Trans>
      </p>
      {view !== "welcome" ? <Steps view={view} finding={finding} /> : null}
      <FormAlert messages={actionData?.error && !finding ? [actionData.error] : []} />
      {finding ? <Finding /> : null}
      {/* Each view's code loads only with that view; the server renders it whole (app/entry.server.tsx). */}
      <Suspense fallback={null}>
        {!finding && view !== "results" ? <MatchQuestions view={view} onFind={startFinding} /> : null}
        {!finding && view === "results" && results ? (
          <MatchResultsView results={results} alertsOn={alertsOn} alertsConfirmed={alertsConfirmed} />
        ) : null}
      </Suspense>
    </div>
  );
}

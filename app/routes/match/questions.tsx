import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useLocalePath } from "#app/components/locale";
import { QuestionForm } from "./question-forms";
import { aboutPets, aboutYou, currentStepAnchor, type QuestionKey } from "#app/lib/match/questionnaire";
import type { action, loader } from "./match.server";

/**
 * The questionnaire's views of /match (welcome, questions, review). The route loads this module only
 * when it shows one of them, so the results page carries none of the question forms (decision 039).
 */
export default function MatchQuestions({
  view,
  onFind,
}: {
  view: "welcome" | "questions" | "review";
  onFind: () => void;
}) {
  if (view === "welcome") return <Welcome />;
  if (view === "review") return <Review onFind={onFind} />;
  return <Questions />;
}

function Welcome() {
  const href = useLocalePath();
  const back = encodeURIComponent(href("/match"));
  return (
    <section className="welcome-card" aria-labelledby="recommended-title">
      <h2 id="recommended-title">
        <Trans>Sign In Recommended</Trans>
      </h2>
      <p>
        <Trans>
          Without an account, your answers and results are not saved once you close this tab. Sign in or create an
          account to keep them.
        </Trans>
      </p>
      <p className="button-row">
        <Link to={href(`/register?redirectTo=${back}`)} className="button button--primary">
          <Trans>Create an Account</Trans>
        </Link>
        <Link to={href(`/sign-in?redirectTo=${back}`)} className="button">
          <Trans>Sign In</Trans>
        </Link>
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="continue" className="link-button">
          <Trans>Continue without saving</Trans>
        </button>
      </Form>
    </section>
  );
}

function AnswerList({ keys, sentences }: { keys: QuestionKey[]; sentences: Partial<Record<QuestionKey, string>> }) {
  const href = useLocalePath();
  return (
    <ul className="answers">
      {keys
        .filter((key) => sentences[key])
        .map((key) => (
          <li key={key}>
            <span>{sentences[key]}</span>
            <Link to={href(`/match?edit=${key}`)} className="answers__edit" preventScrollReset>
              <Trans>
                Edit<span className="visually-hidden"> this answer</span>
              </Trans>
            </Link>
          </li>
        ))}
    </ul>
  );
}

function Questions() {
  const { answers, sentences, progress, current, complete, failed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const groupOneDone = aboutYou.every((key) => answers[key] !== undefined);
  const { t } = useLingui();
  const href = useLocalePath();
  const completes = (key: QuestionKey) =>
    [...aboutYou, ...aboutPets].every((other) => other === key || answers[other] !== undefined);
  const form = (key: QuestionKey) => ({
    id: `question-${key}`,
    constraint: {},
    lastResult: actionData?.question === key ? actionData.result : undefined,
  });
  const group = (title: string, keys: QuestionKey[]) => (
    <section className="question-group" aria-label={title}>
      <h2>{title}</h2>
      <AnswerList keys={keys.filter((key) => key !== current)} sentences={sentences} />
      {current && keys.includes(current) ? (
        <QuestionForm
          question={current}
          form={form(current)}
          answer={answers[current] as never}
          completes={completes(current)}
        />
      ) : null}
    </section>
  );
  return (
    <>
      <div className="progress">
        <progress value={progress} max={100} aria-labelledby="progress-label" />
        <p id="progress-label">
          <Trans>Process complete {progress}%</Trans>
        </p>
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          <Trans>We could not find your matches. Your answers are kept: please check them and try again.</Trans>
        </p>
      ) : null}
      {group(t`About yourself`, aboutYou)}
      {groupOneDone ? group(t`About your ideal pets`, aboutPets) : null}
      {complete && !current ? (
        <p className="button-row" id={currentStepAnchor}>
          <Link to={href("/match?step=review")} className="button button--primary">
            <Trans>Review</Trans>
          </Link>
        </p>
      ) : null}
    </>
  );
}

function Review({ onFind }: { onFind: () => void }) {
  const { sentences } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const finding = navigation.formData?.get("intent") === "match";
  const href = useLocalePath();
  return (
    <section aria-labelledby="review-title">
      <h2 id="review-title">
        <Trans>Review your answers</Trans>
      </h2>
      <h3>
        <Trans>Adopter Info</Trans>
      </h3>
      <AnswerList keys={aboutYou} sentences={sentences} />
      <h3>
        <Trans>Pet Preferences</Trans>
      </h3>
      <AnswerList keys={aboutPets} sentences={sentences} />
      <div className="button-row">
        <Link to={href("/match?step=questions")} className="button">
          <Trans>Question</Trans>
        </Link>
        <Form method="post" onSubmit={onFind}>
          <button type="submit" name="intent" value="match" className="button button--primary" disabled={finding}>
            <Trans>Find your matched pets</Trans>
          </button>
        </Form>
      </div>
    </section>
  );
}

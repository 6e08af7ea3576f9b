import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { PetCarousel } from "#app/components/pet-carousel";
import { staticView } from "#app/components/static-view";
import { petFields } from "#app/components/pet-form/form-values";
import { PetForm } from "#app/components/pet-form/pet-form";
import { Field } from "#app/components/ui/field";
import { phrasePattern } from "#app/lib/pets/confirm-phrase";
import { deletedPetKeptDays } from "#app/lib/pets/pet-status";
import { staffDateIn } from "#app/lib/i18n/staff-dates";
import { type PublishField } from "#app/lib/pets/pet-publishing";
import type { action, loader } from "./edit.server";
import { FosterPlacementPanel } from "#app/components/foster-placement-panel";
import { StaysPanel } from "#app/components/stays-panel";
import { Badges } from "./badges";
import { deletePhrase, doneTexts } from "./notices";

/**
 * The pet as visitors read it (the description tab): a static part, as on the pet's own page (decision
 * 039), so its code stays out of the edit page's JavaScript until a change shows it anew (issue 41:
 * staff pages within 120 KB).
 */
const PetDetails = staticView(
  () => import("#app/components/pet-details"),
  () => "pet-details",
);

function HoldPanel({
  intent,
  undo,
  title,
  email,
  date,
  until,
  locked,
  petId,
  version,
  lastResult,
  label,
}: {
  intent: "hold" | "adopt";
  undo: "release" | "unadopt";
  title: string;
  email: string | null;
  date: string | null;
  /** When the hold ends ("Tue Nov 24, 5 pm"): a hold can then be extended or ended now. */
  until?: string | null;
  locked: boolean;
  petId: number;
  version: number;
  lastResult:
    { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;
  label: string;
}) {
  const errors = lastResult?.error?.email ?? [];
  const id = `${intent}-email`;
  const locale = useLocale();
  const since = staffDateIn(locale, date);
  return (
    <section className="panel" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={petId} />
        <input type="hidden" name="version" value={version} />
        <Field
          label={label}
          field={{ id, name: "email", errorId: `${id}-error`, errors, defaultValue: undefined, constraint: {} }}
          type="email"
          required={!email}
          readOnly={Boolean(email) || locked}
          disabled={locked && !email}
          defaultValue={
            email ?? (typeof lastResult?.initialValue?.email === "string" ? lastResult.initialValue.email : "")
          }
        />
        {email && until ? (
          <>
            <p>
              <Trans>
                Since {since}. Held until <strong>{until}</strong>.
              </Trans>
            </p>
            <p className="actions">
              <button type="submit" name="intent" value="extend" className="button button--small">
                <Trans>Extend by one business day</Trans>
              </button>{" "}
              <button type="submit" name="intent" value={undo} className="button button--small">
                <Trans>End hold now</Trans>
              </button>
            </p>
          </>
        ) : email ? (
          <p>
            <Trans>Since {since}.</Trans>{" "}
            <button type="submit" name="intent" value={undo} className="button button--small">
              <Trans>Remove</Trans>
            </button>
          </p>
        ) : (
          <button type="submit" name="intent" value={intent} className="button button--primary" disabled={locked}>
            <Trans>Save</Trans>
          </button>
        )}
      </Form>
    </section>
  );
}

/** Each field Publish asks for, as the edit form labels it and where it is. */
const publishFields: Record<PublishField, { label: MessageDescriptor; id: string }> = {
  ageMonths: { label: msg`age`, id: "edit-pet-ageMonths" },
  weightLbs: { label: msg`weight`, id: "edit-pet-weightLbs" },
  sex: { label: msg`sex`, id: "edit-pet-sex" },
  breed: { label: msg`breed`, id: "edit-pet-breedOther" },
  activeLevel: { label: msg`active level`, id: "edit-pet-activeLevel" },
  newPhotos: { label: msg`a photo`, id: "edit-pet-newPhotos" },
  about: { label: msg`about`, id: "edit-pet-about" },
};

/**
 * Draft or published, at the top of the edit page (decision 052): a draft is previewed on its public
 * page (staff only) and published here; a listed pet can go back to draft.
 */
function PublishPanel({
  pet,
  status,
  missing,
}: {
  pet: { id: number; name: string; version: number };
  status: string;
  missing: PublishField[];
}) {
  const { t } = useLingui();
  const href = useLocalePath();
  const name = pet.name;
  const preview = href(`/adopt/pet?pet_id=${pet.id}`);
  return (
    <section className={`panel ${status === "draft" ? "panel--draft" : ""}`} aria-labelledby="publish-title">
      <h2 id="publish-title">
        {status === "draft" ? <Trans>Draft: only staff see it</Trans> : <Trans>Published</Trans>}
      </h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={pet.id} />
        <input type="hidden" name="version" value={pet.version} />
        {status === "draft" ? (
          <>
            <p>
              <Trans>
                {name} is in no public list, page, feed or partner file until you publish it.{" "}
                <Link to={preview}>Preview {name}&apos;s public page</Link>.
              </Trans>
            </p>
            {missing.length > 0 ? (
              <p>
                <Trans>Still needed to publish:</Trans>{" "}
                {missing.map((field, index) => (
                  <span key={field}>
                    {index > 0 ? ", " : ""}
                    <a href={`#${publishFields[field].id}`}>{t(publishFields[field].label)}</a>
                  </span>
                ))}
                .
              </p>
            ) : null}
            <p className="actions">
              <button type="submit" name="intent" value="publish" className="button button--primary">
                <Trans>Publish {name}</Trans>
              </button>
            </p>
          </>
        ) : (
          <p>
            <Trans>
              <Link to={preview}>See {name}&apos;s public page</Link>.
            </Trans>{" "}
            {status === "listed" ? (
              <button type="submit" name="intent" value="unpublish" className="button button--small">
                <Trans>Unpublish (back to draft)</Trans>
              </button>
            ) : null}
          </p>
        )}
      </Form>
    </section>
  );
}

export function PetView() {
  const data = useLoaderData<typeof loader>();
  // What the action sent back; a saved upload's `{ location }` goes to the form's XHR, not here.
  const answer = useActionData<typeof action>();
  const actionData = answer && "intent" in answer ? answer : undefined;
  const { t } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  if (data.view !== "pet") return null;
  const { pet, tab } = data;
  const base = href(`/petadmin/edit?pet_id=${pet.id}`);
  const name = pet.name;
  const phrase = t(deletePhrase);
  const days = deletedPetKeptDays;
  const holder = pet.onHoldEmail;
  const holdDate = staffDateIn(locale, pet.onHoldDate);
  const holdUntil = pet.onHoldUntil;
  const adopter = pet.adoptedEmail;
  const adoptedDate = staffDateIn(locale, pet.adoptedDate);
  const done = data.done ? doneTexts[data.done] : undefined;
  return (
    <>
      <p>
        <Link to={href("/petadmin/edit")}>
          ‹ <Trans>All pets</Trans>
        </Link>
      </p>
      <h1>
        {pet.name}{" "}
        <Badges
          onHold={pet.onHoldEmail !== null}
          adopted={pet.adoptedEmail !== null}
          until={pet.onHoldUntil}
          draft={pet.publishedAt === null}
        />
      </h1>
      <nav aria-label={t`Pet`} className="tabs">
        <Link to={base} className="tabs__tab" aria-current={tab === "edit" ? "page" : undefined}>
          <Trans>Edit pet</Trans>
        </Link>
        <Link
          to={`${base}&tab=description`}
          className="tabs__tab"
          aria-current={tab === "description" ? "page" : undefined}
        >
          <Trans>Pet description</Trans>
        </Link>
      </nav>
      {done ? (
        <p className="notice notice--success" role="status">
          {t(done)}
        </p>
      ) : null}
      {actionData?.message ? (
        <p className="notice notice--error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {tab === "edit" ? (
        <>
          {/* Staff on a phone reach hold, adopt and delete from the top of a long page (issue 29). */}
          <nav aria-label={t`On this page`} className="jump-links">
            <a href="#edit-title">
              <Trans>Details and photos</Trans>
            </a>
            <a href="#hold-title">
              <Trans>Hold</Trans>
            </a>
            <a href="#adopt-title">
              <Trans>Mark adopted</Trans>
            </a>
            <a href="#delete-title">
              <Trans>Delete</Trans>
            </a>
            <Link to={href(`/petadmin/pets/${pet.id}/care`)}>
              <Trans>Care record</Trans>
            </Link>
          </nav>
          <PublishPanel pet={pet} status={data.status} missing={data.missing} />
          <section className="panel" aria-labelledby="edit-title">
            <h2 id="edit-title">
              <Trans>Pet details and photos</Trans>
            </h2>
            <PetForm
              resetKey={`${pet.id}-${pet.version}`}
              id="edit-pet"
              titleId="edit-title"
              constraint={data.constraint}
              initial={petFields(pet)}
              reply={actionData && "reply" in actionData ? actionData.reply : undefined}
              photos={pet.photoItems}
              petName={pet.name}
              hidden={{ petId: pet.id, version: pet.version }}
              submitLabel={t`Save changes`}
            />
          </section>
          <HoldPanel
            intent="hold"
            undo="release"
            title={t`On hold`}
            label={t`Hold for (the adopter's email)`}
            email={pet.onHoldEmail}
            date={pet.onHoldDate}
            until={pet.onHoldUntil}
            locked={pet.adoptedEmail !== null}
            petId={pet.id}
            version={pet.version}
            lastResult={actionData?.intent === "hold" ? actionData.result : undefined}
          />
          {data.papers.applicationId ? (
            // Papers are out for the applicant: the adoption goes through the application (decision 070).
            <section className="panel" aria-labelledby="papers-out-title">
              <h2 id="papers-out-title">
                <Trans>Newly adopted</Trans>
              </h2>
              <p>
                <Trans>
                  Adoption papers are out for {name}:{" "}
                  <Link to={href(`/petadmin/inbox/application/${data.papers.applicationId}#papers-title`)}>
                    open the application
                  </Link>{" "}
                  to see the contract and the fee, and mark {name} adopted there.
                </Trans>
              </p>
            </section>
          ) : (
            <HoldPanel
              intent="adopt"
              undo="unadopt"
              title={t`Newly adopted`}
              label={t`Adopted by (the adopter's email)`}
              email={pet.adoptedEmail}
              date={pet.adoptedDate}
              locked={false}
              petId={pet.id}
              version={pet.version}
              lastResult={actionData?.intent === "adopt" ? actionData.result : undefined}
            />
          )}
          {!data.papers.applicationId ? (
            <section className="panel" aria-labelledby="walk-in-title">
              <h2 id="walk-in-title">
                <Trans>Contract signed on paper (walk-in)</Trans>
              </h2>
              {data.papers.walkIns.map((walkIn) => (
                <p key={walkIn.id}>
                  <a href={walkIn.download} download>
                    <Trans>Download the contract recorded {staffDateIn(locale, walkIn.at)}</Trans>
                  </a>
                </p>
              ))}
              <Form method="post" encType="multipart/form-data" className="stack">
                <input type="hidden" name="petId" value={pet.id} />
                <input type="hidden" name="version" value={pet.version} />
                <div className="field">
                  <label htmlFor="walk-in-scan">
                    <Trans>Scan of the signed contract (PDF or photo)</Trans>
                  </label>
                  <input
                    id="walk-in-scan"
                    name="scan"
                    type="file"
                    required
                    accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
                  />
                </div>
                <button type="submit" name="intent" value="walk-in-papers" className="button">
                  <Trans>Record the contract signed on paper</Trans>
                </button>
              </Form>
            </section>
          ) : null}
          <StaysPanel
            pet={{
              id: pet.id,
              name: pet.name,
              version: pet.version,
              onHold: pet.onHoldEmail !== null,
              adopted: pet.adoptedEmail !== null,
            }}
            data={data.stays}
          />
          <section className="panel panel--danger" aria-labelledby="delete-title">
            <h2 id="delete-title">
              <Trans>Delete</Trans>
            </h2>
            <Form method="post" className="stack">
              <input type="hidden" name="petId" value={pet.id} />
              <input type="hidden" name="version" value={pet.version} />
              {/* What really happens, then what to type: any case and spacing (a phone capitalises the first letter). */}
              <p id="delete-what">
                <Trans>
                  Deleting {name} moves it to Recently deleted, where you can restore it for {days} days. After that, it
                  and its photos are removed for good.
                </Trans>
              </p>
              <div className="field">
                <label htmlFor="delete-confirm">
                  <Trans>Type “{phrase}” to confirm</Trans>
                </label>
                <p id="delete-confirm-hint" className="field__hint">
                  <Trans>Capital letters or not, as you like.</Trans>
                </p>
                <input
                  id="delete-confirm"
                  name="confirm"
                  autoComplete="off"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  required
                  pattern={phrasePattern(phrase)}
                  title={t`Type the word “${phrase}”.`}
                  aria-describedby="delete-confirm-hint delete-what"
                />
              </div>
              <button type="submit" name="intent" value="delete" className="button button--danger">
                <Trans>Delete {name}</Trans>
              </button>
            </Form>
          </section>
        </>
      ) : (
        <>
          {holder ? (
            <p className="notice notice--info">
              {holdUntil ? (
                <Trans>
                  This pet is on the hold list by {holder} at {holdDate}, held until {holdUntil}
                </Trans>
              ) : (
                <Trans>
                  This pet is on the hold list by {holder} at {holdDate}
                </Trans>
              )}
            </p>
          ) : null}
          {adopter ? (
            <p className="notice notice--info">
              <Trans>
                This pet is newly adopted by {adopter} at {adoptedDate}
              </Trans>
            </p>
          ) : null}
          <PetCarousel name={pet.name} photos={pet.photos} />
          <PetDetails pet={pet} />
          {data.fosterPanel ? <FosterPlacementPanel petId={pet.id} petName={pet.name} {...data.fosterPanel} /> : null}
          <section aria-labelledby="history-title">
            <h2 id="history-title">
              <Trans>History</Trans>
            </h2>
            {data.changes.length === 0 ? (
              <p>
                <Trans>No changes yet.</Trans>
              </p>
            ) : (
              <ol className="history">
                {data.changes.map((change, index) => (
                  <li key={`${change.createdAt}-${index}`}>
                    {change.summary},{" "}
                    {change.firstName ? (
                      <Trans>by {`${change.firstName} ${change.lastName}`}</Trans>
                    ) : (
                      <Trans>by a former member</Trans>
                    )}
                    , <time dateTime={change.createdAt}>{staffDateIn(locale, change.createdAt)}</time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}

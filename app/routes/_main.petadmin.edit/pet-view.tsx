import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PetCarousel } from "#app/components/pet-carousel";
import { PetDetails } from "#app/components/pet-details";
import { petFields } from "#app/components/pet-form/form-values";
import { PetForm } from "#app/components/pet-form/pet-form";
import { formatDate } from "#app/components/personal-lists";
import { Field } from "#app/components/ui/field";
import { deletedPetKeptDays } from "#app/lib/pet-status";
import { type PublishField } from "#app/lib/pet-publishing";
import type { action, loader } from "./edit.server";
import { FosterPlacementPanel } from "#app/components/foster-placement-panel";
import { Badges } from "./badges";
import { deletePhrase, doneTexts } from "./notices";

function HoldPanel({ intent, undo, title, email, date, until, locked, petId, version, lastResult, label }: {
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
  lastResult: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;
  label: string;
}) {
  const errors = lastResult?.error?.email ?? [];
  const id = `${intent}-email`;
  return (
    <section className="panel" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={petId} />
        <input type="hidden" name="version" value={version} />
        <Field label={label} field={{ id, name: "email", errorId: `${id}-error`, errors, defaultValue: undefined, constraint: {} }}
          type="email" required={!email} readOnly={Boolean(email) || locked} disabled={locked && !email}
          defaultValue={email ?? (typeof lastResult?.initialValue?.email === "string" ? lastResult.initialValue.email : "")} />
        {email && until ? (
          <>
            <p>
              Since {formatDate(date)}. Held until <strong>{until}</strong>.
            </p>
            <p className="actions">
              <button type="submit" name="intent" value="extend" className="button button--small">
                Extend by one business day
              </button>{" "}
              <button type="submit" name="intent" value={undo} className="button button--small">
                End hold now
              </button>
            </p>
          </>
        ) : email ? (
          <p>
            Since {formatDate(date)}.{" "}
            <button type="submit" name="intent" value={undo} className="button button--small">
              Remove
            </button>
          </p>
        ) : (
          <button type="submit" name="intent" value={intent} className="button button--primary" disabled={locked}>
            Save
          </button>
        )}
      </Form>
    </section>
  );
}

/** Each field Publish asks for, as the edit form labels it and where it is. */
const publishFields: Record<PublishField, { label: string; id: string }> = {
  ageMonths: { label: "age", id: "edit-pet-ageMonths" },
  weightLbs: { label: "weight", id: "edit-pet-weightLbs" },
  sex: { label: "sex", id: "edit-pet-sex" },
  breed: { label: "breed", id: "edit-pet-breedOther" },
  activeLevel: { label: "active level", id: "edit-pet-activeLevel" },
  newPhotos: { label: "a photo", id: "edit-pet-newPhotos" },
  about: { label: "about", id: "edit-pet-about" },
};

/**
 * Draft or published, at the top of the edit page (decision 052): a draft is previewed on its public
 * page (staff only) and published here; a listed pet can go back to draft.
 */
function PublishPanel({ pet, status, missing }: { pet: { id: number; name: string; version: number }; status: string; missing: PublishField[] }) {
  return (
    <section className={`panel ${status === "draft" ? "panel--draft" : ""}`} aria-labelledby="publish-title">
      <h2 id="publish-title">{status === "draft" ? "Draft: only staff see it" : "Published"}</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="petId" value={pet.id} />
        <input type="hidden" name="version" value={pet.version} />
        {status === "draft" ? (
          <>
            <p>
              {pet.name} is in no public list, page, feed or partner file until you publish it.{" "}
              <Link to={`/adopt/pet?pet_id=${pet.id}`}>Preview {pet.name}&apos;s public page</Link>.
            </p>
            {missing.length > 0 ? (
              <p>
                Still needed to publish:{" "}
                {missing.map((field, index) => (
                  <span key={field}>
                    {index > 0 ? ", " : ""}
                    <a href={`#${publishFields[field].id}`}>{publishFields[field].label}</a>
                  </span>
                ))}
                .
              </p>
            ) : null}
            <p className="actions">
              <button type="submit" name="intent" value="publish" className="button button--primary">Publish {pet.name}</button>
            </p>
          </>
        ) : (
          <p>
            <Link to={`/adopt/pet?pet_id=${pet.id}`}>See {pet.name}&apos;s public page</Link>.{" "}
            {status === "listed" ? (
              <button type="submit" name="intent" value="unpublish" className="button button--small">Unpublish (back to draft)</button>
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
  const location = useLocation();
  if (data.view !== "pet") return null;
  const { pet, tab } = data;
  const base = `/petadmin/edit?pet_id=${pet.id}`;
  return (
    <div className="container admin-page">
      <p>
        <Link to="/petadmin/edit">‹ All pets</Link>
      </p>
      <h1>
        {pet.name} <Badges onHold={pet.onHoldEmail !== null} adopted={pet.adoptedEmail !== null} until={pet.onHoldUntil} draft={pet.publishedAt === null} />
      </h1>
      <nav aria-label="Pet" className="tabs">
        <Link to={base} className="tabs__tab" aria-current={tab === "edit" ? "page" : undefined}>Edit pet</Link>
        <Link to={`${base}&tab=description`} className="tabs__tab" aria-current={tab === "description" ? "page" : undefined}>Pet description</Link>
      </nav>
      {data.done && doneTexts[data.done] ? (
        <p className="notice notice--success" role="status">{doneTexts[data.done]}</p>
      ) : null}
      {actionData?.message ? (
        <p className="notice notice--error" role="alert">{actionData.message}</p>
      ) : null}
      {tab === "edit" ? (
        <>
          {/* Staff on a phone reach hold, adopt and delete from the top of a long page (issue 29). */}
          <nav aria-label="On this page" className="jump-links">
            <a href="#edit-title">Details and photos</a>
            <a href="#hold-title">Hold</a>
            <a href="#adopt-title">Mark adopted</a>
            <a href="#delete-title">Delete</a>
          </nav>
          <PublishPanel pet={pet} status={data.status} missing={data.missing} />
          <section className="panel" aria-labelledby="edit-title">
            <h2 id="edit-title">Pet details and photos</h2>
            <PetForm resetKey={`${pet.version}-${location.key}`} id="edit-pet" titleId="edit-title" constraint={data.constraint}
              initial={petFields(pet)} reply={actionData && "reply" in actionData ? actionData.reply : undefined} photos={pet.photoItems} petName={pet.name}
              hidden={{ petId: pet.id, version: pet.version }} submitLabel="Save changes" />
          </section>
          <HoldPanel intent="hold" undo="release" title="On hold" label="Hold for (the adopter's email)" email={pet.onHoldEmail} date={pet.onHoldDate} until={pet.onHoldUntil}
            locked={pet.adoptedEmail !== null} petId={pet.id} version={pet.version} lastResult={actionData?.intent === "hold" ? actionData.result : undefined} />
          <HoldPanel intent="adopt" undo="unadopt" title="Newly adopted" label="Adopted by (the adopter's email)" email={pet.adoptedEmail} date={pet.adoptedDate}
            locked={false} petId={pet.id} version={pet.version} lastResult={actionData?.intent === "adopt" ? actionData.result : undefined} />
          <section className="panel panel--danger" aria-labelledby="delete-title">
            <h2 id="delete-title">Delete</h2>
            <Form method="post" className="stack">
              <input type="hidden" name="petId" value={pet.id} />
              <input type="hidden" name="version" value={pet.version} />
              <div className="field">
                <label htmlFor="delete-confirm">
                  Type “{deletePhrase}” to delete {pet.name}. It stays in Recently deleted for {deletedPetKeptDays} days, then it and its photos are removed for good.
                </label>
                <input id="delete-confirm" name="confirm" autoComplete="off" required pattern={deletePhrase} />
              </div>
              <button type="submit" name="intent" value="delete" className="button button--danger">Delete {pet.name}</button>
            </Form>
          </section>
        </>
      ) : (
        <>
          {pet.onHoldEmail ? <p className="notice notice--info">This pet is on the hold list by {pet.onHoldEmail} at {formatDate(pet.onHoldDate)}{pet.onHoldUntil ? `, held until ${pet.onHoldUntil}` : ""}</p> : null}
          {pet.adoptedEmail ? <p className="notice notice--info">This pet is newly adopted by {pet.adoptedEmail} at {formatDate(pet.adoptedDate)}</p> : null}
          <PetCarousel name={pet.name} photos={pet.photos} />
          <PetDetails pet={pet} />
          {data.fosterPanel ? <FosterPlacementPanel petId={pet.id} petName={pet.name} {...data.fosterPanel} /> : null}
          <section aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            {data.changes.length === 0 ? <p>No changes yet.</p> : (
              <ol className="history">
                {data.changes.map((change, index) => (
                  <li key={`${change.createdAt}-${index}`}>
                    {change.summary}, by {change.firstName ? `${change.firstName} ${change.lastName}` : "a former member"},{" "}
                    <time dateTime={change.createdAt}>{formatDate(change.createdAt)}</time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

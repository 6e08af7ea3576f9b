import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useLocale, useLocalePath } from "#app/components/locale";
import { shelterText } from "#app/config/shelter-es";
import { localeOfPath, localizedPath, localeOf, languageTag } from "#app/lib/i18n/locale";
import { headlineFigure } from "#app/lib/intake-outcome/headline-figures";
import { homeCounts } from "#app/models/statistics.server";
import { approvedStories } from "#app/models/care.server";
import { i18nOf, inboxI18n } from "#app/locales/catalogs.server";
import type { z } from "zod";
import { ContactForm, NewsletterForm } from "#app/components/contact-forms";
import { DonationPanel } from "#app/components/donation-panel";
import { PhoneLink } from "#app/components/phone-link";
import { PetGrid } from "#app/components/pet-card";
import { ShelterStructuredData } from "#app/components/structured-data";
import { staticView } from "#app/components/static-view";
import type { Database } from "#app/db/client.server";
import { formatAddress, shelter } from "#app/config/shelter";
import { contactSchema, newsletterSchema } from "#app/lib/forms/contact-schemas";
import { fetchPriorityHigh } from "#app/lib/http/fetch-priority";
import { isHoneypotFilled } from "#app/lib/forms/honeypot";
import { pageMeta } from "#app/lib/i18n/meta";
import { clientAddress, limits, retryAfterOf, tooManyRequests } from "#app/lib/accounts/rate-limits";
import { minutesIn } from "#app/lib/i18n/intl";
import type { I18n } from "@lingui/core";
import { tryWrite } from "#app/lib/http/storage-error";
import { readFormData } from "#app/lib/http/request";
import { newContactMessageNotice } from "#app/lib/applications/application-emails";
import { saveContactMessage } from "#app/models/contact-messages.server";
import { sendAfterResponse } from "#app/services/notify.server";
import { requestSubscription } from "#app/models/newsletter.server";
import { confirmNewsletterMessage } from "#app/lib/email/newsletter-emails";
import { listListedPets } from "#app/models/pets.server";
import { hitRateLimit, type RateLimit } from "#app/models/rate-limits.server";
import { publicPageHeaders } from "#app/lib/http/http-cache";

/**
 * The same for every visitor who is not signed in: cacheable at the edge (decision 019). A limited
 * form post keeps its Retry-After (decision 017); the Worker never caches a POST's answer.
 */
export const headers: HeadersFunction = (args) => ({ ...publicPageHeaders(args), ...retryAfterOf(args.actionHeaders) });

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(shelter.name, data?.description ?? "");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pets = await listListedPets(context.db, { limit: 6 });
  // The headline figures from the data plus the configured bases (decision 064).
  // With the adopters' lines staff approved as stories (issue 45): first names and the pet's name only.
  const [counts, adopterStories] = await Promise.all([homeCounts(context.db), approvedStories(context.db)]);
  const base = shelter.intakes.figuresBase;
  const tag = languageTag[localeOfPath(url.pathname)];
  const i18n = i18nOf(request);
  const { name } = shelter;
  const place = shelterText(shelter.place, localeOfPath(url.pathname));
  return {
    description: i18n._(
      msg`${name} is a no-kill animal shelter in ${place}. Meet cats and dogs ready for adoption, foster, volunteer or donate.`,
    ),
    pets,
    adopterStories,
    figures: [
      { value: headlineFigure(counts.intakes + base.animalsRescued, tag), label: "Animals rescued" },
      { value: headlineFigure(counts.adoptions + base.adoptions, tag), label: "Adoptions" },
      { value: headlineFigure(counts.volunteers + base.volunteers, tag), label: "Volunteers" },
    ],
    contactSent: url.searchParams.get("message") === "sent",
    subscribed: url.searchParams.get("subscribed") === "yes",
    constraints: { contact: getZodConstraint(contactSchema), newsletter: getZodConstraint(newsletterSchema) },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const i18n = i18nOf(request);
  const locale = localeOf(request);
  if (intent === "contact") {
    return acceptPublicForm(request, context.db, formData, {
      intent,
      i18n,
      schema: contactSchema,
      thanks: localizedPath("/?message=sent#get-in-touch", locale),
      limit: [`contact:address:${clientAddress(request)}`, limits.contactPerAddress],
      tooMany: (wait) =>
        i18n._(msg`We have received several messages from your network. Please try again in ${wait}, or call us.`),
      save: async (message) => {
        const id = await saveContactMessage(context.db, message);
        sendAfterResponse(
          context,
          newContactMessageNotice(message, `${new URL(request.url).origin}/petadmin/inbox/message/${id}`, inboxI18n()),
        );
      },
    });
  }
  if (intent === "newsletter") {
    return acceptPublicForm(request, context.db, formData, {
      intent,
      i18n,
      schema: newsletterSchema,
      thanks: localizedPath("/?subscribed=yes#newsletter", locale),
      limit: [`newsletter:address:${clientAddress(request)}`, limits.newsletterPerAddress],
      tooMany: (wait) => i18n._(msg`We have received several sign-ups from your network. Please try again in ${wait}.`),
      // Double opt-in (decision 033): the address is subscribed only once its owner follows the link.
      save: async (subscriber) => {
        const token = await requestSubscription(context.db, subscriber.email);
        const origin = new URL(request.url).origin;
        sendAfterResponse(
          context,
          // In the page's language, with links to its pages (the welcome follows the link's language).
          confirmNewsletterMessage(
            subscriber.email,
            `${origin}${localizedPath(`/newsletter/confirm?token=${token}`, locale)}`,
            `${origin}${localizedPath(`/newsletter/unsubscribe?token=${token}`, locale)}`,
            i18n,
          ),
        );
      },
    });
  }
  throw new Response("Unknown form", { status: 400 });
}

/**
 * One of the home page's public forms: validated, limited per network address, saved, then answered
 * with a redirect to its thanks. A robot that filled the honeypot is thanked as a person would be;
 * nothing is stored.
 */
async function acceptPublicForm<Schema extends z.ZodType>(
  request: Request,
  db: Database,
  formData: FormData,
  form: {
    intent: string;
    schema: Schema;
    thanks: string;
    limit: [key: string, limit: RateLimit];
    i18n: I18n;
    tooMany: (wait: string) => string;
    save: (value: z.output<Schema>) => Promise<unknown>;
  },
) {
  const { intent } = form;
  if (isHoneypotFilled(formData)) return redirect(form.thanks);
  const submission = parseWithZod(formData, { schema: form.schema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  return tryWrite(
    async () => {
      const allowed = await hitRateLimit(db, ...form.limit);
      if (!allowed.allowed) {
        const message = form.tooMany(minutesIn(form.i18n, allowed.retryAfterSeconds));
        return data(
          { intent, result: submission.reply({ formErrors: [message] }) },
          tooManyRequests(allowed.retryAfterSeconds),
        );
      }
      await form.save(submission.value);
      return redirect(form.thanks);
    },
    (message) => data({ intent, result: submission.reply({ formErrors: [message] }) }, { status: 503 }),
  );
}

/** The home page's story (figures, about, why us, stories, sponsors): static parts whose code and words stay out of its JavaScript. */
const HomeStory = staticView(
  () => import("#app/components/home-story"),
  ({ part }) => `home-${part}`,
);

export default function Home() {
  const { pets, figures, adopterStories, contactSent, subscribed, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const locale = useLocale();
  const href = useLocalePath();
  const { name } = shelter;
  const place = shelterText(shelter.place, locale);
  const area = shelterText(shelter.area, locale);

  return (
    <>
      <ShelterStructuredData />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">
              <Trans>No-kill shelter in {place}</Trans>
            </p>
            <h1>
              <Trans>Every animal deserves a loving home</Trans>
            </h1>
            <p className="lead">
              <Trans>
                {name} rescues, heals and rehomes cats and dogs from across {area}. Adopt, foster, volunteer or give,
                and help us save the next one.
              </Trans>
            </p>
            <p className="button-row">
              <Link to={href("/volunteer")} className="button button--primary">
                <Trans>Get Involved</Trans>
              </Link>
              <Link to={href("/donate")} className="button button--accent">
                <Trans>Donate Now</Trans>
              </Link>
            </p>
          </div>
          <img className="hero__image" src="/images/hero.svg" width="560" height="420" alt="" {...fetchPriorityHigh} />
        </div>
      </section>

      <HomeStory part="about" figures={figures} />

      <section className="section section--tinted" aria-labelledby="pets-title">
        <div className="container">
          <div className="section__heading">
            <h2 id="pets-title">
              <Trans>Meet our pets</Trans>
            </h2>
            <Link to={href("/adopt")}>
              <Trans>See all pets</Trans>
            </Link>
          </div>
          {pets.length > 0 ? (
            <PetGrid pets={pets} />
          ) : (
            <p>
              <Trans>We cannot find any pet records</Trans>
            </p>
          )}
        </div>
      </section>

      <HomeStory part="stories" adopterStories={adopterStories} />

      <section id="get-in-touch" className="section section--tinted" aria-labelledby="contact-title">
        <div className="container contact">
          <div>
            <h2 id="contact-title">
              <Trans>Get In Touch</Trans>
            </h2>
            <p>
              <Trans>Questions about a pet, fostering or volunteering? Write to us or visit.</Trans>
            </p>
            <address className="contact__details">
              <span>{formatAddress()}</span>
              <PhoneLink />
              <a href={`mailto:${shelter.email}`}>{shelter.email}</a>
              <span>{shelterText(shelter.hours, locale)}</span>
            </address>
            <div id="newsletter" className="newsletter">
              <h3>
                <Trans>Newsletter</Trans>
              </h3>
              <p>
                <Trans>Adoption news and events, once a month.</Trans>
              </p>
              <NewsletterForm
                subscribed={subscribed}
                constraint={constraints.newsletter}
                lastResult={actionData?.intent === "newsletter" ? actionData.result : undefined}
              />
            </div>
          </div>
          <ContactForm
            sent={contactSent}
            constraint={constraints.contact}
            lastResult={actionData?.intent === "contact" ? actionData.result : undefined}
          />
        </div>
      </section>

      <section className="section container donate-block" aria-labelledby="donate-title">
        <div>
          <h2 id="donate-title">
            <Trans>Help us save more lives</Trans>
          </h2>
          <p>
            <Trans>Your gift pays for food, shelter and medical care. Every dollar stays in {area}.</Trans>
          </p>
        </div>
        <DonationPanel />
      </section>

      <HomeStory part="sponsors" />
    </>
  );
}

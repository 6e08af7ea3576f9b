import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { FigureList } from "#app/components/figure-list";
import { PetPhoto } from "#app/components/pet-photo";
import { photoUrl } from "#app/lib/photos/photos";
import { useLocale, useLocalePath } from "#app/components/locale";
import { SponsorsStrip } from "#app/components/sponsors-strip";
import { shelter } from "#app/config/shelter";
import { shelterText } from "#app/config/shelter-es";
import { shelterPages } from "#app/config/shelter-pages";

/**
 * The home page's story, in three parts around its pets and forms: the figures and "About", then "Why
 * choose us", the stories and the matchmaker's invitation, and last the sponsors. Static parts of the
 * page (components/static-view.tsx): the browser loads this file, and its messages, only to render
 * them again after a client-side navigation.
 */
export default function HomeStory({
  part,
  figures = shelterPages.figures,
  adopterStories = [],
}: {
  part: "about" | "stories" | "sponsors";
  figures?: readonly { value: string; label: string }[];
  /** Lines adopters sent with "All is well" after an adoption that staff approved (issue 45), newest first. */
  adopterStories?: readonly {
    id: number;
    text: string | null;
    photo: string | null;
    petName: string;
    firstName: string | null;
  }[];
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const href = useLocalePath();
  const { name, foundedYear } = shelter;
  if (part === "sponsors") return <SponsorsStrip />;
  if (part === "about") {
    return (
      <>
        <FigureList figures={figures} label={t`Our work in numbers`} />

        <section className="section container about" aria-labelledby="about-title">
          <div>
            <h2 id="about-title">
              <Trans>About {name}</Trans>
            </h2>
            <p>
              <Trans>
                Since {foundedYear} we have been the North Coast&apos;s home for animals waiting for a second chance.
                Our shelter, clinic and foster network care for hundreds of cats and dogs each year, and our volunteers
                walk, socialise and cuddle every one of them.
              </Trans>
            </p>
            <p>
              <Trans>
                We never euthanise for space or time. Every adoption frees a place for the next animal in need.
              </Trans>
            </p>
          </div>
          <div className="about__images">
            <img
              src="/images/about-play.svg"
              width="320"
              height="240"
              alt={t`A volunteer playing with a dog in the yard`}
              loading="lazy"
            />
            <img
              src="/images/about-care.svg"
              width="320"
              height="240"
              alt={t`A cat resting in a cosy shelter suite`}
              loading="lazy"
            />
          </div>
        </section>
      </>
    );
  }
  return (
    <>
      <section className="section container" aria-labelledby="why-title">
        <h2 id="why-title">
          <Trans>Why choose {name}</Trans>
        </h2>
        <ul className="card-list">
          {shelterPages.whyChooseUs.map((reason) => (
            <li key={reason.title} className="info-card">
              <h3>{shelterText(reason.title, locale)}</h3>
              <p>{shelterText(reason.text, locale)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="stories-title">
        <div className="container">
          <h2 id="stories-title">
            <Trans>Stories of Hope</Trans>
          </h2>
          <ul className="card-list card-list--two">
            {adopterStories.map((story) => {
              const { petName, firstName } = story;
              return (
                <li key={`adopter-${story.id}`}>
                  <figure className="testimonial">
                    {story.photo ? (
                      // Below the fold: lazy, at its shown size (the 400 px copy on a phone), never shifting.
                      <PetPhoto
                        src={photoUrl(story.photo)}
                        sizes="(min-width: 48rem) 360px, calc(100vw - 96px)"
                        width={400}
                        height={300}
                        alt={t`${petName} at home with the family who adopted them`}
                        loading="lazy"
                        decoding="async"
                        className="story-photo"
                      />
                    ) : null}
                    {story.text ? (
                      <blockquote>
                        <p>{story.text}</p>
                      </blockquote>
                    ) : null}
                    <figcaption>
                      {firstName ? (
                        <Trans>
                          {firstName}, who adopted {petName}
                        </Trans>
                      ) : (
                        <Trans>The family who adopted {petName}</Trans>
                      )}
                    </figcaption>
                  </figure>
                </li>
              );
            })}
            {shelterPages.testimonials.map((story) => (
              <li key={story.name}>
                <figure className="testimonial">
                  <blockquote>
                    <p>{shelterText(story.quote, locale)}</p>
                  </blockquote>
                  <figcaption>
                    {story.name}, {story.place}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section container matchmaker" aria-labelledby="match-title">
        <div>
          <h2 id="match-title">
            <Trans>Not sure who to meet first?</Trans>
          </h2>
          <p>
            <Trans>
              Answer eight quick questions about your home and the pet you imagine, and our matchmaker will suggest the
              cats and dogs most likely to fit.
            </Trans>
          </p>
        </div>
        <Link to={href("/match")} className="button button--primary">
          <Trans>Find your match</Trans>
        </Link>
      </section>
    </>
  );
}

import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchPriorityHigh } from "#app/lib/http/fetch-priority";
import { PetPhoto } from "#app/components/pet-photo";
import { placeholderPhoto } from "#app/lib/photos/photos";

const photoSize = { width: 1200, height: 900 };

/**
 * The pet's photos as a horizontal strip that scrolls and snaps: three at a time on wide screens,
 * fewer on phones (CSS). Without JavaScript it is simply scrollable; with JavaScript the previous and
 * next buttons appear (overlaid, so nothing moves) and are disabled at the ends.
 */
export function PetCarousel({ name, photos }: { name: string; photos: string[] }) {
  const strip = useRef<HTMLUListElement>(null);
  // Where a button asked the strip to go; quick clicks during a smooth scroll add up from here.
  const target = useRef<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);
  const { t } = useLingui();

  const update = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    setAtStart(element.scrollLeft <= 1);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    setEnhanced(true);
    update();
    const settle = () => {
      target.current = null;
      update();
    };
    element.addEventListener("scroll", update, { passive: true });
    element.addEventListener("scrollend", settle);
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      element.removeEventListener("scrollend", settle);
      resize.disconnect();
    };
  }, [update]);

  const step = (direction: 1 | -1) => {
    const element = strip.current;
    const slide = element?.querySelector("li");
    if (!element || !slide) return;
    const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
    const width = slide.getBoundingClientRect().width + gap;
    const from = target.current ?? element.scrollLeft;
    const next = Math.max(
      0,
      Math.min(element.scrollWidth - element.clientWidth, (Math.round(from / width) + direction) * width),
    );
    target.current = next;
    setAtStart(next <= 1);
    setAtEnd(next >= element.scrollWidth - element.clientWidth - 1);
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollTo({ left: next, behavior: reduceMotion ? "auto" : "smooth" });
  };

  const slides = photos.length > 0 ? photos : [placeholderPhoto.src];
  const count = slides.length;
  const total = photos.length;
  return (
    <section className="carousel" aria-label={t`Photos of ${name}`}>
      {/* A scrollable region must be reachable by keyboard, so it takes focus (arrow keys scroll it). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className="carousel__strip" ref={strip} tabIndex={0} aria-label={t`${count} photos, scroll sideways`}>
        {slides.map((src, index) => {
          const number = index + 1;
          return (
            <li key={src}>
              <PetPhoto
                src={src}
                sizes="(min-width: 900px) 380px, (min-width: 600px) 50vw, 82vw"
                width={photos.length > 0 ? photoSize.width : placeholderPhoto.width}
                height={photos.length > 0 ? photoSize.height : placeholderPhoto.height}
                alt={total > 0 ? t`${name}, photo ${number} of ${total}` : t`No photo of ${name} yet`}
                loading={index === 0 ? "eager" : "lazy"}
                decoding={index === 0 ? "sync" : "async"}
                {...(index === 0 ? fetchPriorityHigh : {})}
              />
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="carousel__button carousel__button--previous"
        onClick={() => step(-1)}
        disabled={atStart}
        hidden={!enhanced}
        aria-label={t`Previous photos`}
      >
        ‹
      </button>
      <button
        type="button"
        className="carousel__button carousel__button--next"
        onClick={() => step(1)}
        disabled={atEnd}
        hidden={!enhanced}
        aria-label={t`Next photos`}
      >
        ›
      </button>
    </section>
  );
}

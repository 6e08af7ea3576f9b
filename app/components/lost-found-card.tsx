import { useLingui } from "@lingui/react/macro";
import { Link } from "@remix-run/react";
import { PetPhoto } from "#app/components/pet-photo";
import { useLocale, useLocalePath } from "#app/components/locale";
import { lostFoundPlace } from "#app/config/lost-found-places";
import { languageTag } from "#app/lib/i18n/locale";
import {
  colourLabels,
  formatReportDay,
  isReportColour,
  kindLabels,
  sexLabels,
  sizeLabels,
  speciesLabels,
  type ReportKind,
  type ReportSex,
  type ReportSize,
  type ReportSpecies,
} from "#app/lib/lost-found/report";
import { placeholderPhoto } from "#app/lib/photos/photos";

/** What the board and a report's page show of a report: never an address, nor anything of the reporter. */
export interface ReportCardData {
  id: number;
  kind: ReportKind;
  species: string;
  sex: string;
  size: string;
  colours: string[];
  otherColours: string;
  date: string;
  place: string;
  photo: string | null;
}

/** "Brown, white, liver": the ticked colours in the page's language, then what was typed. */
export function useColourWords() {
  const { i18n } = useLingui();
  return (colours: readonly string[], typed: string) =>
    [
      ...colours.map((colour) => (isReportColour(colour) ? i18n._(colourLabels[colour]) : colour)),
      ...(typed ? [typed] : []),
    ].join(", ");
}

/** The facts of a report as words: kind and species, sex, size, colours, place, day. */
export function useReportWords() {
  const { i18n } = useLingui();
  const language = languageTag[useLocale()];
  const colourWords = useColourWords();
  return (report: Omit<ReportCardData, "id" | "photo">) => ({
    title: `${i18n._(kindLabels[report.kind])}: ${i18n._(speciesLabels[report.species as ReportSpecies] ?? report.species)}`,
    sex: i18n._(sexLabels[report.sex as ReportSex] ?? report.sex),
    size: i18n._(sizeLabels[report.size as ReportSize] ?? report.size),
    colours: colourWords(report.colours, report.otherColours),
    place: lostFoundPlace(report.place)?.name ?? report.place,
    day: formatReportDay(language, report.date),
  });
}

export function ReportCard({ report, headingLevel = 2 }: { report: ReportCardData; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const href = useLocalePath();
  const words = useReportWords()(report);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { place, day } = words;
  return (
    <article className="report-card">
      {report.photo ? (
        <PetPhoto
          src={report.photo}
          alt=""
          width={400}
          height={300}
          sizes="(min-width: 40rem) 12rem, 100vw"
          loading="lazy"
        />
      ) : (
        <img
          src={placeholderPhoto.src}
          alt=""
          width={placeholderPhoto.width}
          height={placeholderPhoto.height}
          loading="lazy"
        />
      )}
      <div className="report-card__body">
        <Heading className={`report-card__title report-card__title--${report.kind}`}>
          <Link to={href(`/lost-found/${report.id}`)}>{words.title}</Link>
        </Heading>
        <p>
          {words.sex} · {words.size} · {words.colours}
        </p>
        <p>{report.kind === "lost" ? t`Lost in ${place} on ${day}` : t`Found in ${place} on ${day}`}</p>
      </div>
    </article>
  );
}

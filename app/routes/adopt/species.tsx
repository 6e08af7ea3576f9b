import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useLoaderData, useLocation, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { KeptPart } from "#app/components/kept-part";
import { ChipName } from "#app/components/ui/chip-name";
import type { loader as mainLoader } from "#app/routes/site/layout";
import { useLocalePath } from "#app/components/locale";
import { i18nOf } from "#app/locales/catalogs.server";
import { shelterText } from "#app/config/shelter-es";
import { localeOf } from "#app/lib/i18n/locale";
import { petsIn } from "#app/lib/i18n/intl";
import { useRef } from "react";
import { useBrowserLayoutEffect } from "#app/components/ui/use-start-from-page";
import { PetGrid } from "#app/components/pet-card";
import {
  chipsOf,
  filtersToQuery,
  hasFilterParams,
  isFiltered,
  readFilters,
  readPage,
  speciesOfSlug,
  withoutChip,
  type ListFilters,
} from "#app/lib/pets/adopt-filters";
import { activeLevels, displayLabelIn } from "#app/lib/pets/breeds";
import { routeMeta } from "#app/lib/i18n/meta";
import { petSizes, sizeLabelIn } from "#app/lib/pets/pet-sizes";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { SortSelect } from "#app/components/sort-select";
import { listPetsPage } from "#app/models/pets.server";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { readSavedQueries, saveQuery, type ListKey } from "./list-preferences.server";
import { publicPageHeaders } from "#app/lib/http/http-cache";
import { shelter } from "#app/config/shelter";
import { Pagination } from "#app/components/pagination";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const pageSize = 12;

const titles: Record<ListKey, MessageDescriptor> = {
  cat: msg`Cats for adoption`,
  dog: msg`Dogs for adoption`,
  other: msg`Other pets for adoption`,
};

export const meta = routeMeta;

/** The page's title and description, in its language. */
function listMeta(request: Request, listKey: ListKey) {
  const i18n = i18nOf(request);
  const place = shelterText(shelter.place, localeOf(request));
  const descriptions: Record<ListKey, MessageDescriptor> = {
    cat: msg`Meet the cats waiting for a home at our no-kill shelter in ${place}.`,
    dog: msg`Meet the dogs waiting for a home at our no-kill shelter in ${place}.`,
    other: msg`Meet the pets waiting for a home at our no-kill shelter in ${place}.`,
  };
  return { title: i18n._(titles[listKey]), description: i18n._(descriptions[listKey]) };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const species = speciesOfSlug(params.species);
  const listKey: ListKey = species === "other" ? "other" : species === "Cat" ? "cat" : "dog";
  const saved = await readSavedQueries(request);

  if (url.searchParams.has("clear")) {
    throw redirect(url.pathname, { headers: { "Set-Cookie": await saveQuery(request, saved, listKey, null) } });
  }

  // A bare list URL shows the species' remembered choices; any filter in the URL wins and is remembered.
  const fromUrl = hasFilterParams(url.searchParams);
  const filters = readFilters(fromUrl ? url.searchParams : new URLSearchParams(saved[listKey] ?? ""));
  const page = readPage(url.searchParams);
  // Most relevant: the signed-in user's favorites first, then newest arrivals.
  const favoriteIds = filters.sort === "relevant" ? await viewerFavoriteIds(context) : [];
  const list = await listPetsPage(context.db, { species, filters, page, pageSize, favoriteIds });
  const totalPages = Math.max(1, Math.ceil(list.total / pageSize));
  if (page > totalPages) throw redirect(listUrl(url.pathname, filters, totalPages));

  const query = filtersToQuery(filters);
  const headers = new Headers();
  if (fromUrl && query !== (saved[listKey] ?? "")) {
    headers.append("Set-Cookie", await saveQuery(request, saved, listKey, query));
  }
  const breeds = [...new Set([...list.breeds, ...filters.breeds])];
  return data(
    {
      meta: listMeta(request, listKey),
      listKey,
      path: url.pathname,
      filters,
      page,
      totalPages,
      total: list.total,
      pets: list.pets,
      breeds,
    },
    { headers },
  );
}

function listUrl(path: string, filters: ListFilters, page = 1) {
  const query = filtersToQuery(filters, page);
  return query ? `${path}?${query}` : path;
}

/**
 * The filter inputs are uncontrolled (they work without JavaScript); when the filters change through
 * a link (a chip, Clear all, the back button) this puts the inputs back in step, leaving open
 * dropdowns open.
 *
 * It runs in the same task as the commit that brings the new filters (a layout effect) and only once no
 * navigation is under way: a box ticked while results are on the way is a newer choice than those
 * results, and its own results put the inputs in step when they arrive. (A passive effect ran after the
 * browser had handled the next tick, and took that tick back until its results came.)
 */
function useFilterFormSync(filters: ListFilters) {
  const form = useRef<HTMLFormElement>(null);
  const query = filtersToQuery(filters);
  const idle = useNavigation().state === "idle";
  // On hydration the inputs already match the server's HTML, or hold choices the visitor made before
  // JavaScript arrived: leave them alone and only follow later changes.
  const synced = useRef(query);
  useBrowserLayoutEffect(() => {
    if (!idle || synced.current === query) return;
    synced.current = query;
    const chosen = new URLSearchParams(query);
    form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]').forEach((box) => {
      box.checked = chosen.getAll(box.name).includes(box.value);
    });
    const sort = form.current?.elements.namedItem("sort");
    if (sort instanceof HTMLSelectElement) sort.value = chosen.get("sort") ?? "relevant";
  }, [query, idle]);
  return form;
}

function FilterGroup({
  legend,
  name,
  options,
  chosen,
  describe,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
  describe?: (option: string) => string;
}) {
  const count = chosen.length;
  return (
    <details className="filter">
      <summary>
        {legend}
        {count > 0 ? (
          <span className="filter__count">
            {" "}
            <Trans>({count} chosen)</Trans>
          </span>
        ) : null}
      </summary>
      <CheckboxGroup
        legend={legend}
        name={name}
        options={options}
        chosen={chosen}
        label={describe}
        legendHidden
        className="filter__options"
      />
    </details>
  );
}

/**
 * The list's content is the same HTML for the same loader data, address (the heart forms' way back and
 * the links' language), viewer kind and favourites among the shown pets: the server renders it once per
 * isolate for each and sends it again (decision 045, amended 2026-11-29). The loader data holds the
 * listed pets as read at the pets' version (`listPetsPage`), so a change to a pet shows on the next request.
 */
export default function AdoptList() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const layout = useRouteLoaderData<typeof mainLoader>("routes/_main");
  const keptFor = () =>
    JSON.stringify([
      data,
      location.pathname + location.search,
      layout?.viewer ? (layout.viewer.isStaff ? "staff" : "signed-in") : "visitor",
      data.pets.filter((pet) => layout?.favoriteIds.includes(pet.id)).map((pet) => pet.id),
    ]);
  return (
    <KeptPart
      as="div"
      className="container adopt-list"
      name="adopt-list"
      keptFor={keptFor}
      router
      inside={() => <AdoptListContent data={data} />}
    />
  );
}

function AdoptListContent({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { listKey, path, filters, page, totalPages, total, pets, breeds } = data;
  const submit = useSubmit();
  const navigation = useNavigation();
  const { t, i18n } = useLingui();
  const href = useLocalePath();
  const title = t(titles[listKey]);
  const chips = chipsOf(filters);
  const form = useFilterFormSync(filters);
  // ICU plurals ("1 perro", "3 perros"), read with the page's own Lingui instance.
  const countLabel =
    listKey === "cat"
      ? i18n._("{total, plural, one {# cat} other {# cats}}", { total })
      : listKey === "dog"
        ? i18n._("{total, plural, one {# dog} other {# dogs}}", { total })
        : petsIn(i18n, total);
  const activeCount = chips.length;
  const sizeText = (size: string) => sizeLabelIn(i18n, size);

  return (
    <>
      <nav aria-label={t`Species`} className="species-switcher">
        <Link to={href("/adopt")}>
          <Trans>Adopt</Trans>
        </Link>
        <span aria-hidden="true">›</span>
        <Link to={href("/adopt/cat")} aria-current={listKey === "cat" ? "page" : undefined}>
          <Trans>Cats</Trans>
        </Link>
        <Link to={href("/adopt/dog")} aria-current={listKey === "dog" ? "page" : undefined}>
          <Trans>Dogs</Trans>
        </Link>
      </nav>
      <h1>{title}</h1>

      <aside className="promo-card" aria-label={t`Matchmaker`}>
        <p>
          <Trans>Not sure who would fit your home? Answer eight questions and we will suggest your best matches.</Trans>
        </p>
        <Link to={href("/match")} className="button button--primary button--small">
          <Trans>Take the questionnaire</Trans>
        </Link>
      </aside>

      <Form
        ref={form}
        method="get"
        action={path}
        className="filters"
        aria-label={t`Filter and sort`}
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      >
        {/* One disclosure (no JavaScript needed) so that on a phone the first pet is in the first screen; the chips stay outside. */}
        <details className="filters__disclosure">
          <summary>
            <Trans>Filters</Trans>
            {activeCount > 0 ? (
              <span className="filter__count">
                {" "}
                <Trans>({activeCount} active)</Trans>
              </span>
            ) : null}
            {/* With JavaScript each tick applies at once: the count shows above the open panel, not only under it. */}
            <span className="filters__total"> · {countLabel}</span>
          </summary>
          <div className="filters__body">
            <FilterGroup legend={t`Breed`} name="breed" options={breeds} chosen={filters.breeds} />
            <FilterGroup legend={t`Active level`} name="level" options={activeLevels} chosen={filters.levels} />
            <FilterGroup legend={t`Size`} name="size" options={petSizes} chosen={filters.sizes} describe={sizeText} />
            <SortSelect id="sort" label={t`Sort by`} value={filters.sort} className="field field--inline" />
            <button
              type="submit"
              className="button button--small"
              onClick={(event) => {
                // The choices are applied already (with JavaScript): Apply closes the panel onto the results.
                const panel = event.currentTarget.closest("details");
                if (panel) panel.open = false;
              }}
            >
              <Trans>Apply</Trans>
            </button>
          </div>
        </details>
      </Form>

      {isFiltered(filters) ? (
        <div className="chips">
          <ul aria-label={t`Chosen filters`}>
            {chips.map((chip) => {
              const shown = chip.key === "size" ? sizeText(chip.value) : displayLabelIn(i18n, chip.value);
              return (
                <li key={`${chip.key}-${chip.value}`}>
                  <Link to={listUrl(path, withoutChip(filters, chip))} className="chip" preventScrollReset>
                    <ChipName action={t`Remove filter`}>{shown}</ChipName>
                  </Link>
                </li>
              );
            })}
          </ul>
          <Link to={`${path}?clear`} className="chips__clear" preventScrollReset>
            <Trans>Clear all</Trans>
          </Link>
        </div>
      ) : null}

      <p className="list-count" role="status" aria-busy={navigation.state === "loading"}>
        {countLabel}
        {totalPages > 1 ? t`, page ${page} of ${totalPages}` : ""}
      </p>

      {pets.length > 0 ? (
        <PetGrid pets={pets} eagerCount={2} headingLevel={2} />
      ) : (
        <p className="empty">
          <Trans>We cannot find any pet records</Trans>
        </p>
      )}

      <Pagination page={page} totalPages={totalPages} pageUrl={(number) => listUrl(path, filters, number)} />
    </>
  );
}

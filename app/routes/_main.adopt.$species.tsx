import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
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
} from "#app/lib/adopt-filters";
import { activeLevels, displayLabel } from "#app/lib/breeds";
import { pageMeta } from "#app/lib/meta";
import { petSizes, sizeLabel } from "#app/lib/pet-sizes";
import { CheckboxGroup } from "#app/components/checkbox-group";
import { SortSelect } from "#app/components/sort-select";
import { listPetsPage } from "#app/models/pets.server";
import { viewerFavoriteIds } from "#app/services/favorites.server";
import { readSavedQueries, saveQuery, type ListKey } from "./_main.adopt.$species.list-preferences.server";
import { publicPageHeaders } from "#app/lib/http-cache";
import { shelter } from "#app/config/shelter";
import { Pagination } from "#app/components/pagination";

/** The same for every visitor who is not signed in: cacheable at the edge (decision 019). */
export const headers = publicPageHeaders;

export const pageSize = 12;

const titles: Record<ListKey, { title: string; plural: string }> = {
  cat: { title: "Cats for adoption", plural: "cats" },
  dog: { title: "Dogs for adoption", plural: "dogs" },
  other: { title: "Other pets for adoption", plural: "pets" },
};

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  const key = loaderData?.listKey ?? "other";
  return pageMeta(titles[key].title, `Meet the ${titles[key].plural} waiting for a home at our no-kill shelter in ${shelter.place}.`);
};

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
    { listKey, path: url.pathname, filters, page, totalPages, total: list.total, pets: list.pets, breeds },
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
 */
function useFilterFormSync(filters: ListFilters) {
  const form = useRef<HTMLFormElement>(null);
  const query = filtersToQuery(filters);
  // On hydration the inputs already match the server's HTML, or hold choices the visitor made before
  // JavaScript arrived: leave them alone and only follow later changes.
  const synced = useRef(query);
  useEffect(() => {
    if (synced.current === query) return;
    synced.current = query;
    const chosen = new URLSearchParams(query);
    form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]').forEach((box) => {
      box.checked = chosen.getAll(box.name).includes(box.value);
    });
    const sort = form.current?.elements.namedItem("sort");
    if (sort instanceof HTMLSelectElement) sort.value = chosen.get("sort") ?? "relevant";
  }, [query]);
  return form;
}

function FilterGroup({ legend, name, options, chosen, describe }: {
  legend: string;
  name: string;
  options: readonly string[];
  chosen: readonly string[];
  describe?: (option: string) => string;
}) {
  return (
    <details className="filter">
      <summary>
        {legend}
        {chosen.length > 0 ? <span className="filter__count"> ({chosen.length} chosen)</span> : null}
      </summary>
      <CheckboxGroup legend={legend} name={name} options={options} chosen={chosen} label={describe} legendHidden className="filter__options" />
    </details>
  );
}


export default function AdoptList() {
  const { listKey, path, filters, page, totalPages, total, pets, breeds } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { title, plural } = titles[listKey];
  const chips = chipsOf(filters);
  const form = useFilterFormSync(filters);
  const countLabel = total === 1 ? `1 ${plural.replace(/s$/, "")}` : `${total} ${plural}`;

  return (
    <div className="container adopt-list">
      <nav aria-label="Species" className="species-switcher">
        <Link to="/adopt">Adopt</Link>
        <span aria-hidden="true">›</span>
        <Link to="/adopt/cat" aria-current={listKey === "cat" ? "page" : undefined}>
          Cats
        </Link>
        <Link to="/adopt/dog" aria-current={listKey === "dog" ? "page" : undefined}>
          Dogs
        </Link>
      </nav>
      <h1>{title}</h1>

      <aside className="promo-card" aria-label="Matchmaker">
        <p>Not sure who would fit your home? Answer eight questions and we will suggest your best matches.</p>
        <Link to="/match" className="button button--primary button--small">
          Take the questionnaire
        </Link>
      </aside>

      <Form
        ref={form}
        method="get"
        action={path}
        className="filters"
        aria-label="Filter and sort"
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      >
        {/* One disclosure (no JavaScript needed) so that on a phone the first pet is in the first screen; the chips stay outside. */}
        <details className="filters__disclosure">
          <summary>
            Filters
            {chips.length > 0 ? <span className="filter__count"> ({chips.length} active)</span> : null}
            {/* With JavaScript each tick applies at once: the count shows above the open panel, not only under it. */}
            <span className="filters__total"> · {countLabel}</span>
          </summary>
          <div className="filters__body">
            <FilterGroup legend="Breed" name="breed" options={breeds} chosen={filters.breeds} />
            <FilterGroup legend="Active level" name="level" options={activeLevels} chosen={filters.levels} />
            <FilterGroup legend="Size" name="size" options={petSizes} chosen={filters.sizes} describe={sizeLabel} />
            <SortSelect id="sort" label="Sort by" value={filters.sort} className="field field--inline" />
            <button
              type="submit"
              className="button button--small"
              onClick={(event) => {
                // The choices are applied already (with JavaScript): Apply closes the panel onto the results.
                const panel = event.currentTarget.closest("details");
                if (panel) panel.open = false;
              }}
            >
              Apply
            </button>
          </div>
        </details>
      </Form>

      {isFiltered(filters) ? (
        <div className="chips">
          <ul aria-label="Chosen filters">
            {chips.map((chip) => (
              <li key={`${chip.key}-${chip.value}`}>
                <Link
                  to={listUrl(path, withoutChip(filters, chip))}
                  className="chip"
                  preventScrollReset
                  aria-label={`Remove filter ${displayLabel(chip.value)}`}
                >
                  {chip.key === "size" ? sizeLabel(chip.value) : displayLabel(chip.value)}
                  <span aria-hidden="true"> ×</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={`${path}?clear`} className="chips__clear" preventScrollReset>
            Clear all
          </Link>
        </div>
      ) : null}

      <p className="list-count" role="status" aria-busy={navigation.state === "loading"}>
        {countLabel}
        {totalPages > 1 ? `, page ${page} of ${totalPages}` : ""}
      </p>

      {pets.length > 0 ? <PetGrid pets={pets} eagerCount={2} headingLevel={2} /> : <p className="empty">We cannot find any pet records</p>}

      <Pagination page={page} totalPages={totalPages} pageUrl={(number) => listUrl(path, filters, number)} />
    </div>
  );
}

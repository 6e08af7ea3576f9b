import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useLoaderData } from "@remix-run/react";
import { i18nOf } from "#app/locales/catalogs.server";
import { PersonalList } from "#app/components/personal-lists";
import { routeMeta } from "#app/lib/i18n/meta";
import { listFavoritePets } from "#app/models/favorites.server";
import { requireUser } from "#app/services/auth.server";

export const meta = routeMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(context, request);
  const i18n = i18nOf(request);
  return {
    meta: {
      title: i18n._(msg`My Favorites`),
      description: i18n._(msg`The shelter pets you keep in your favorites, ready to visit or adopt.`),
    },
    pets: await listFavoritePets(context.db, viewer),
  };
}

export default function Favorites() {
  const { pets } = useLoaderData<typeof loader>();
  const { t } = useLingui();
  return <PersonalList title={t`My Favorites`} pets={pets} empty={t`No favorite pets here yet`} />;
}

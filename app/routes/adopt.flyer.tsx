import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { formatAddress, shelter } from "#app/config/shelter";
import { pageMeta } from "#app/lib/meta";
import flyerStyles from "#app/styles/flyer.css?url";
import { flyerIds, flyersFor } from "#app/services/flyers.server";

export const links = () => [{ rel: "stylesheet", href: flyerStyles }];

/**
 * /adopt/flyer?pet_id=…: the printable kennel card and flyer of one pet, or of several (`pet_id`
 * repeated, as Pet Admin's print form sends them), one printed page each (decision 043). Made on the
 * server, QR code included; only this page loads its stylesheet.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ids = flyerIds(new URL(request.url));
  if (ids.length === 0) throw new Response("Choose a pet to print", { status: 404 });
  const flyers = await flyersFor(context.db, ids, context.config.siteUrl);
  if (flyers.length === 0) throw new Response("Pet not found", { status: 404 });
  return { flyers };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.flyers.length === 1 ? `Flyer: ${data.flyers[0]!.name}` : "Kennel cards and flyers", `Printable kennel cards of the ${shelter.name}.`),
  { name: "robots", content: "noindex" },
];

export default function Flyers() {
  const { flyers } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="flyers">
      <h1 className="visually-hidden">Kennel cards and flyers: {flyers.map((flyer) => flyer.name).join(", ")}</h1>
      <p className="flyers__hint">
        Print this page (one sheet per pet, A4 or Letter). <a href="/petadmin/flyers">Choose other pets</a>
      </p>
      {flyers.map((flyer) => (
        <article key={flyer.id} className="flyer" aria-labelledby={`flyer-${flyer.id}`}>
          <header className="flyer__header">
            <p className="flyer__shelter">{shelter.name}</p>
            <h2 id={`flyer-${flyer.id}`} className="flyer__name">
              Adopt me: {flyer.name}
            </h2>
            {flyer.onHold ? <p className="flyer__hold">On hold for an adopter</p> : null}
          </header>
          <div className="flyer__body">
            {flyer.photo ? <img className="flyer__photo" src={flyer.photo} alt={`${flyer.name}`} width={720} height={540} /> : null}
            <dl className="flyer__facts">
              {flyer.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <section className="flyer__why" aria-labelledby={`why-${flyer.id}`}>
            <h3 id={`why-${flyer.id}`}>Why adopt me</h3>
            <p>{flyer.about}</p>
            {flyer.traits.length > 0 ? <p className="flyer__traits">Good to know: {flyer.traits.join(", ")}</p> : null}
          </section>
          <footer className="flyer__footer">
            <figure className="flyer__qr">
              <div className="flyer__qr-code" role="img" aria-label={`QR code of ${flyer.name}'s page`} dangerouslySetInnerHTML={{ __html: flyer.qrSvg }} />
              <figcaption>Scan to meet {flyer.name}, or visit {flyer.petUrl}</figcaption>
            </figure>
            <p className="flyer__contact">
              {formatAddress()}
              <br />
              {shelter.phone} · {shelter.hours}
            </p>
          </footer>
        </article>
      ))}
    </main>
  );
}

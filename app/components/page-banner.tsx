/** The heading band at the top of an inner page. */
export function PageBanner({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="banner">
      <div className="container">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </div>
    </section>
  );
}

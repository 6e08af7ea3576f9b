import { PhoneLink } from "#app/components/phone-link";
import { shelter, formatAddress } from "#app/config/shelter";
import { footerColumns, social } from "#app/config/shelter-footer";

/** The footer of every page: a static part (components/static-view.tsx), loaded in the browser only to render it again. */
export default function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {footerColumns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`} className="site-footer__column">
            <h2 id={`footer-${column.title}`}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__tagline">{shelter.tagline}</p>
        <ul className="social-links" aria-label="Social media">
          {social.map((network) => (
            <li key={network.name}>
              <a href={network.href} rel="noopener noreferrer">
                {network.name}
              </a>
            </li>
          ))}
        </ul>
        <address>
          {formatAddress()} · <PhoneLink /> ·{" "}
          <a href={`mailto:${shelter.email}`}>{shelter.email}</a>
        </address>
        <p className="site-footer__copyright">
          © {shelter.foundedYear}–{year} {shelter.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

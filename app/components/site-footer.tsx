import { Trans, useLingui } from "@lingui/react/macro";
import { defaultLocale, isLocale, localizedPath } from "#app/lib/i18n/locale";
import { PhoneLink } from "#app/components/phone-link";
import { shelter, formatAddress } from "#app/config/shelter";
import { footerColumns, social } from "#app/config/shelter-footer";
import { shelterText } from "#app/config/shelter-es";

/**
 * The footer of every page: a static part (components/static-view.tsx), loaded in the browser only to
 * render it again. Its language is the page's Lingui instance's (the address's, decision 057): it
 * reads no router, so the server can render it on its own once per language.
 */
export default function SiteFooter() {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : defaultLocale;
  const href = (to: string) => localizedPath(to, locale);
  const year = new Date().getFullYear();
  const from = shelter.foundedYear;
  const name = shelter.name;
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        {footerColumns.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title}`} className="site-footer__column">
            <h2 id={`footer-${column.title}`}>{shelterText(column.title, locale)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={href(link.href)}>{shelterText(link.label, locale)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__bottom">
        <p className="site-footer__tagline">{shelterText(shelter.tagline, locale)}</p>
        <ul className="social-links" aria-label={t`Social media`}>
          {social.map((network) => (
            <li key={network.name}>
              <a href={network.href} rel="noopener noreferrer">
                {network.name}
              </a>
            </li>
          ))}
        </ul>
        <address>
          {formatAddress()} · <PhoneLink /> · <a href={`mailto:${shelter.email}`}>{shelter.email}</a>
        </address>
        <p className="site-footer__copyright">
          <Trans>
            © {from}–{year} {name}. All rights reserved.
          </Trans>
        </p>
      </div>
    </footer>
  );
}

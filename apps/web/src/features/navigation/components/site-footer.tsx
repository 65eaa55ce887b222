import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';
import { openModal } from '../../../stores/modals.ts';
import type { NavVendor } from '../utils/build-navigation.ts';
import { imageRows, socialLinks } from '../utils/footer.ts';
import { SiteLogo } from '../../../components/ui/site-logo.tsx';
import { ChannelIcon } from '../../../components/ui/channel-icon.tsx';
import { VendorCarousel } from './vendor-carousel.tsx';
import '../footer-messages.ts';
import './footer.css';

type Resource = SystemStatus['info']['resources'][number];

export interface SiteFooterProps {
  siteName: string;
  /** Articles of `/wps/system/helpCenter` (§7): each becomes a link to `/help#<tag>`. */
  helpArticles: readonly { tag: string; title: string }[];
  /** `info.resources` of the status call: social links and payment/certification/licence images. */
  resources: readonly Resource[];
  /** Vendors of the navigation, for the carousel (none until the games issue). */
  vendors: readonly NavVendor[];
  /** The live hosts page is linked while CBS3 is on. */
  showLiveHosts?: boolean;
}

/**
 * §2 footer: vendor carousel, payment, certification, social and licence images, help links,
 * feedback, the affiliate link, and the §1 18+ and liability text.
 */
export function SiteFooter({ siteName, helpArticles, resources, vendors, showLiveHosts = false }: SiteFooterProps) {
  const { t } = useTranslation();
  const social = socialLinks(resources);
  const rows = imageRows(resources);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <VendorCarousel vendors={vendors} />
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-label={siteName}>
          <SiteLogo name={siteName} />
          <p className="site-footer__tagline">{t('brand.tagline')}</p>
          <p className="site-footer__age">
            <span className="site-footer__age-badge" aria-hidden="true">
              {t('footer.ageBadge')}
            </span>
            <span>{t('footer.ageNotice')}</span>
          </p>
        </section>

        <nav className="site-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer.help')}
          </h2>
          <ul className="site-footer__links">
            {helpArticles.map((article) => (
              <li key={article.tag}>
                <Link to={{ pathname: '/help', hash: `#${encodeURIComponent(article.tag)}` }}>{article.title}</Link>
              </li>
            ))}
            {helpArticles.length === 0 ? (
              <li>
                <Link to="/help">{t('footer.helpCentre')}</Link>
              </li>
            ) : null}
          </ul>
        </nav>

        <nav className="site-footer__column" aria-labelledby="footer-more">
          <h2 id="footer-more" className="site-footer__heading">
            {t('footer.more')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <button type="button" className="site-footer__link-button" onClick={() => openModal('feedback')}>
                {t('footer.feedback')}
              </button>
            </li>
            <li>
              <Link to="/agent">{t('footer.affiliate')}</Link>
            </li>
            <li>
              <Link to="/promotions">{t('nav.PROMOTIONS')}</Link>
            </li>
            <li>
              <Link to="/blog">{t('footer.blog')}</Link>
            </li>
            <li>
              <Link to="/news">{t('footer.news')}</Link>
            </li>
            {showLiveHosts ? (
              <li>
                <Link to="/liveHosts">{t('footer.liveHosts')}</Link>
              </li>
            ) : null}
          </ul>
        </nav>

        {social.length > 0 ? (
          <section className="site-footer__column" aria-labelledby="footer-social">
            <h2 id="footer-social" className="site-footer__heading">
              {t('footer.social')}
            </h2>
            <ul className="site-footer__social">
              {social.map((link) => (
                <li key={link.id}>
                  <a
                    className="site-footer__social-link"
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${link.label} ${t('layout.opensInNewTab')}`}
                    title={link.label}
                  >
                    <ChannelIcon type={link.type} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      {rows.map((row) => (
        <section key={row.kind} className="site-footer__images" aria-labelledby={`footer-${row.kind}`}>
          <h2 id={`footer-${row.kind}`} className="site-footer__heading">
            {t(`footer.${row.kind}`)}
          </h2>
          <ul>
            {row.images.map((image) => (
              <li key={image.id}>
                <img src={image.url} alt={image.label} height={32} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </section>
      ))}

      <p className="site-footer__copyright">{t('footer.copyright', { year, name: siteName })}</p>
    </footer>
  );
}

import { useTranslation } from 'react-i18next';
import { appDownloads, type Resource } from '../utils/downloads.ts';
import { QrCode } from './qr-code.tsx';
import './downloads.css';

export interface DownloadQrCodesProps {
  /** `info.resources` of the status call. */
  resources: readonly Resource[];
  /** §2: QR codes of 100 to 120 px. */
  size?: number;
  /** Heading shown above the codes; leave out when the container already names them. */
  heading?: boolean;
  className?: string;
}

/**
 * §2 app downloads: a QR code for iOS and for Android (100–120 px) from the download resources,
 * each with a plain link too (a phone cannot scan its own screen); iOS lite (MOBILECONFIG) when
 * the operator offers it. Renders nothing when there is no download.
 */
export function DownloadQrCodes({ resources, size = 108, heading = true, className = '' }: DownloadQrCodesProps) {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const downloads = appDownloads(resources, origin);
  if (downloads.length === 0) return null;
  const clamped = Math.min(120, Math.max(100, size));
  return (
    <section className={`downloads ${className}`} aria-label={t('download.title')}>
      {heading ? <h2 className="downloads__title">{t('download.title')}</h2> : null}
      <ul className="downloads__list">
        {downloads.map((download) => {
          const platform = t(`download.${download.platform}`);
          return (
            <li key={download.platform} className="downloads__item">
              <QrCode value={download.url} size={clamped} label={t('download.qrLabel', { platform })} />
              <a className="downloads__link" href={download.url}>
                {platform}
                <span className="visually-hidden">{`: ${t('download.linkLabel', { platform })}`}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <p className="downloads__hint">{t('download.scan')}</p>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@khela/contracts';
import { ChannelIcon } from './channel-icon.tsx';
import { ExternalIcon, HeadsetIcon } from './icons.tsx';
import { Popover } from './popover.tsx';
import './customer-service.css';

export type CustomerServiceEntry = SystemStatus['info']['customerService'][number];

/** Web links open in a new tab; tel:, mailto: and app links open in place. */
function linkProps(url: string) {
  return /^https?:\/\//i.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

export interface CustomerServiceButtonProps {
  /** `info.customerService` of the status call (§7). Nothing renders without an entry. */
  entries: readonly CustomerServiceEntry[];
  className?: string;
  /** Visible trigger content (e.g. an icon); the label is shown when absent. */
  trigger?: ReactNode;
  placement?: 'down-start' | 'down-end' | 'up-end' | 'up-start';
}

/**
 * The customer-service entry (§2: side menu, floating widget, maintenance and region pages).
 * One channel: a link straight to it. Several: a button that lists them.
 */
export function CustomerServiceButton({
  entries,
  className = 'button button--primary',
  trigger,
  placement = 'down-start',
}: CustomerServiceButtonProps) {
  const { t } = useTranslation();
  const label = t('common.customerService');
  if (entries.length === 0) return null;

  const content = trigger ?? (
    <>
      <HeadsetIcon />
      <span>{label}</span>
    </>
  );

  if (entries.length === 1) {
    const [only] = entries as [CustomerServiceEntry];
    const props = linkProps(only.url);
    return (
      <a
        className={className}
        href={only.url}
        {...props}
        aria-label={`${label}: ${only.title}${props.target ? ` ${t('layout.opensInNewTab')}` : ''}`}
      >
        {content}
      </a>
    );
  }

  return (
    <Popover
      label={label}
      trigger={content}
      triggerClassName={className}
      placement={placement}
      panelClassName="cs-menu"
      title={t('layout.contactOptions')}
    >
      {(close) => (
        <ul className="cs-menu__list">
          {entries.map((entry) => {
            const props = linkProps(entry.url);
            return (
              <li key={entry.id}>
                <a className="cs-menu__link" href={entry.url} {...props} onClick={close}>
                  <span className="cs-menu__badge">
                    <ChannelIcon type={entry.csType} size={16} />
                  </span>
                  <span className="cs-menu__text">{entry.title}</span>
                  {props.target ? (
                    <>
                      <ExternalIcon size={16} />
                      <span className="visually-hidden">{t('layout.opensInNewTab')}</span>
                    </>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Popover>
  );
}

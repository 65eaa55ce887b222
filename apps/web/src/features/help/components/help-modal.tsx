import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { useHelpCenter, type HelpArticle } from '../api/get-help-center.ts';
import './help.css';

/**
 * §2 help centre modal: the §7 help articles as tabs (a select on phones) beside the chosen
 * article. Opened by `/help#<tag>` (props.tag) or by name from anywhere.
 */
export function HelpModal({ props, onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const requested = typeof props.tag === 'string' ? props.tag : '';
  const articles = help.data ?? [];

  return (
    <Modal title={t('help.title')} onClose={onClose} size="large" className="help-modal">
      {help.isPending ? (
        <div className="modal__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('help.loading')}</span>
        </div>
      ) : help.isError ? (
        <EmptyState
          title={t('help.errorTitle')}
          body={t('help.errorBody')}
          action={
            <button type="button" className="button button--primary" onClick={() => void help.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : articles.length === 0 ? (
        <EmptyState title={t('help.emptyTitle')} body={t('help.emptyBody')} />
      ) : (
        // Keyed by the requested tag: a new `/help#tag` starts on that article.
        <HelpArticles key={requested} articles={articles} initialTag={requested} />
      )}
    </Modal>
  );
}

function HelpArticles({ articles, initialTag }: { articles: HelpArticle[]; initialTag: string }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [chosen, setChosen] = useState(initialTag);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // An unknown or missing tag shows the first article.
  const index = Math.max(
    0,
    articles.findIndex((article) => article.tag === chosen),
  );
  // Never undefined: the list is not empty here and the index is clamped to it.
  const article = articles[index] ?? articles[0]!;
  const html = useMemo(() => sanitizeHtml(article.content), [article.content]);
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = `${baseId}-panel`;

  // Arrow keys, Home and End move between tabs and select (WAI-ARIA tabs, automatic activation).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = articles.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setChosen(articles[next]?.tag ?? '');
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="help">
      <div className="help__picker">
        <label className="help__select-label" htmlFor={`${baseId}-select`}>
          {t('help.chooseArticle')}
        </label>
        <select
          id={`${baseId}-select`}
          className="help__select"
          value={article.tag}
          onChange={(event) => setChosen(event.target.value)}
        >
          {articles.map((item) => (
            <option key={item.tag} value={item.tag}>
              {item.title}
            </option>
          ))}
        </select>
      </div>
      <div className="help__tabs" role="tablist" aria-orientation="vertical" aria-label={t('help.articles')}>
        {articles.map((item, i) => (
          <button
            key={item.tag}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className="help__tab"
            aria-selected={i === index}
            aria-controls={panelId}
            tabIndex={i === index ? 0 : -1}
            onClick={() => setChosen(item.tag)}
            onKeyDown={onTabKeyDown}
          >
            {item.title}
          </button>
        ))}
      </div>
      <article className="help__article" role="tabpanel" id={panelId} aria-labelledby={tabId(index)} tabIndex={0}>
        <h3 className="help__article-title">{article.title}</h3>
        {html ? (
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="help__no-content">{t('help.noContent')}</p>
        )}
      </article>
    </div>
  );
}

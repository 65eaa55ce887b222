import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_LISTS, adminEndpoints, type EndpointDef } from '@khela/contracts';
import { ApiError, call, session } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { type Column } from '../components/data-table.tsx';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import {
  applyRichCommand,
  bodyOf,
  fieldErrorsOf,
  formOf,
  type FieldSpec,
  type FormState,
  type FormValue,
  type Localized,
  type RichCommand,
} from './content-logic.ts';
import { useContentText, type ContentTextKey } from './content-text.ts';
import './content.css';

export type ContentKindId = keyof typeof adminEndpoints.content;
type Item = { id: number } & Record<string, unknown>;

export interface KindConfig {
  id: ContentKindId;
  fields: readonly FieldSpec[];
  /** The fields shown as table columns (the first one names the item in confirmations). */
  columns: readonly string[];
  /** Saving changes what every visitor gets at once (maintenance, region rules): confirm first. */
  confirmSave?: ContentTextKey;
}

const LANGUAGES = ['en', 'bn'] as const;
const PAGE_SIZE = 20;

/** The allow-list the preview keeps; the server sanitises again whatever is saved (rich-text.ts). */
const PREVIEW_TAGS = new Set(
  'p br strong b em i u a ul ol li h1 h2 h3 h4 h5 h6 blockquote img span div code pre table thead tbody tr th td hr'.split(
    ' ',
  ),
);
const SAFE_LINK = /^(https?:|mailto:|\/|#|[^:]*$)/i;

/** A preview of operator HTML: unknown tags become their text, attributes other than safe links and images go. */
export function sanitisePreview(html: string): string {
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const target = document.createElement('div');
  const copy = (from: Node, to: Node) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(child.textContent ?? ''));
      } else if (child instanceof Element) {
        const tag = child.tagName.toLowerCase();
        if (tag === 'script' || tag === 'style') continue;
        if (!PREVIEW_TAGS.has(tag)) {
          copy(child, to);
          continue;
        }
        const element = document.createElement(tag);
        const href = child.getAttribute('href');
        if (tag === 'a' && href && SAFE_LINK.test(href.trim())) element.setAttribute('href', href);
        const src = child.getAttribute('src');
        if (tag === 'img' && src && /^(https?:|\/)/i.test(src.trim())) {
          element.setAttribute('src', src);
          element.setAttribute('alt', child.getAttribute('alt') ?? '');
        }
        copy(child, element);
        to.appendChild(element);
      }
    }
  };
  copy(source, target);
  return target.innerHTML;
}

function textOf(value: unknown, language: 'bn' | 'en'): string {
  if (typeof value === 'object' && value !== null && 'en' in value) {
    const text = value as Localized;
    return (text[language] || text.en || text.bn).replace(/<[^>]*>/g, ' ').trim();
  }
  return value == null ? '' : String(value);
}

/**
 * One kind of operator-edited content (banners, notices, domains …): its list, a form to add or
 * change one, and a confirmed delete. Every change is live for players at once (the server reads
 * these tables on each request or drops its cache when they change).
 */
export function ContentKindPanel({ config }: { config: KindConfig }) {
  const { language } = useI18n();
  const c = useContentText();
  const queryClient = useQueryClient();
  const calls = adminEndpoints.content[config.id] as Record<'list' | 'create' | 'update' | 'remove', EndpointDef>;
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const listing = CONTENT_LISTS[config.id];
  const sortable: readonly string[] = listing.sorts;
  // The kind's filters by field and `q`, the search (an empty one is not sent). No sort chosen: the
  // kind's own order on the server (CONTENT_KIND_TABLE.orderBy).
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<Record<string, string>, undefined>(
    undefined,
  );
  const query = useQuery({
    queryKey: ['content', config.id, filters, sort, pageNo],
    queryFn: () =>
      call(calls.list, {
        query: {
          ...filters,
          ...(sort && { sort: sort.key, order: sort.order }),
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      } as never) as Promise<{ list: Item[]; total: number }>,
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    filter({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  const remove = useMutation({
    mutationFn: (item: Item) => call(calls.remove, { params: { id: item.id } } as never),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['content', config.id] });
      setRemoving(null);
      setDone(c('content.removed'));
    },
  });
  const nameOf = (item: Item) => textOf(item[config.columns[0]!], language) || `#${item.id}`;

  const columns: Column<Item>[] = [
    ...config.columns.map((name): Column<Item> => {
      const spec = config.fields.find((field) => field.name === name);
      return {
        id: name,
        header: c(`field.${name}` as ContentTextKey),
        wide: name !== config.columns[0],
        ...(sortable.includes(name) && { sortKey: name }),
        cell: (item) => {
          const value = item[name];
          // A video banner's address is a video page, not an image.
          if (spec?.kind === 'image' && typeof value === 'string' && value && item.video !== true) {
            return <img className="thumb" src={value} alt="" />;
          }
          if (spec?.kind === 'checkbox') return value ? c('content.yes') : c('content.no');
          if (spec?.kind === 'select') return optionLabel(c, name, value == null ? '' : String(value));
          return textOf(value, language);
        },
      };
    }),
    {
      id: 'actions',
      header: <span className="visually-hidden">{c('content.actions')}</span>,
      cell: (item) => (
        <span className="row-actions">
          <button
            type="button"
            className="link"
            aria-label={c('content.editNamed', { name: nameOf(item) })}
            onClick={() => setEditing(item)}
          >
            {c('content.edit')}
          </button>
          <button
            type="button"
            className="link danger"
            aria-label={c('content.removeNamed', { name: nameOf(item) })}
            onClick={() => {
              remove.reset();
              setRemoving(item);
            }}
          >
            {c('content.remove')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <div className="block">
      <div className="block-head">
        <h2>{c(`kind.${config.id}` as ContentTextKey)}</h2>
        <button
          type="button"
          className="primary"
          onClick={() => {
            setDone(null);
            setEditing('new');
          }}
        >
          {c('content.new')}
        </button>
      </div>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <div className="filters">
        <form role="search" className="inline" onSubmit={search}>
          <label className="inline">
            {c('content.searchIn', { kind: c(`kind.${config.id}` as ContentTextKey) })}
            <input name="q" type="search" maxLength={100} defaultValue={filters.q} />
          </label>
          <button type="submit">{c('content.search')}</button>
        </form>
        {Object.entries(listing.filters).map(([field, values]: [string, readonly string[]]) => (
          <FilterSelect
            key={field}
            label={c(`field.${field}` as ContentTextKey)}
            anyLabel={c('content.any')}
            options={values.map((value) => ({
              value,
              label:
                value === 'true' || value === 'false'
                  ? c(value === 'true' ? 'content.yes' : 'content.no')
                  : optionLabel(c, field, value),
            }))}
            value={filters[field] ?? ''}
            onChange={(event) => filter({ [field]: event.target.value })}
          />
        ))}
      </div>
      <PagedTable
        query={query}
        caption={c(`kind.${config.id}` as ContentTextKey)}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId={(item) => `${config.id}-${item.id}`}
        {...(sort && { sort })}
        onSort={sortBy}
        empty={c('content.empty')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
      {editing && (
        <ItemDialog
          config={config}
          calls={calls}
          item={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setDone(c('content.saved'));
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={c('content.removeTitle')}
          consequence={<p>{c('content.removeConsequence', { name: nameOf(removing) })}</p>}
          confirmLabel={c('content.remove')}
          tone="danger"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

function optionLabel(c: ReturnType<typeof useContentText>, field: string, value: string): string {
  if (value === '') return c('content.none');
  const key = `option.${field}.${value}` as ContentTextKey;
  const label = c(key);
  return label === key ? value : label;
}

function ItemDialog({
  config,
  calls,
  item,
  onClose,
}: {
  config: KindConfig;
  calls: Record<'create' | 'update', EndpointDef>;
  item: Item | null;
  onClose: (saved: boolean) => void;
}) {
  const c = useContentText();
  const queryClient = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<FormState>(() => formOf(config.fields, item));
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: () => {
      const body = bodyOf(config.fields, form, item) as never;
      return item
        ? call(calls.update, { params: { id: item.id }, body } as never)
        : call(calls.create, { body } as never);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['content', config.id] });
      onClose(true);
    },
    onError: () => setConfirming(false),
  });
  const inputs = config.fields.map((field) => field.name);
  const errors =
    save.error instanceof ApiError
      ? save.error.fields.length
        ? fieldErrorsOf(save.error.fields, inputs)
        : { byInput: {}, rest: [save.error.message] }
      : { byInput: {} as Record<string, string>, rest: save.error ? [c('content.failed')] : [] };
  const set = (name: string, value: FormValue) => setForm((previous) => ({ ...previous, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (config.confirmSave) setConfirming(true);
    else save.mutate();
  };
  const title = c(item ? 'content.editTitle' : 'content.newTitle', { kind: c(`kind.${config.id}` as ContentTextKey) });

  if (confirming && config.confirmSave) {
    return (
      <ConfirmDialog
        title={title}
        consequence={<p>{c(config.confirmSave)}</p>}
        confirmLabel={c('content.save')}
        pending={save.isPending}
        error={save.error}
        onConfirm={() => save.mutate()}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <Dialog title={title} onClose={() => onClose(false)}>
      <form onSubmit={submit} className="content-form" noValidate>
        {config.fields.map((field) => (
          <Field
            key={field.name}
            id={`${formId}-${field.name}`}
            field={field}
            value={form[field.name]!}
            errors={errors.byInput}
            onChange={(value) => set(field.name, value)}
          />
        ))}
        {errors.rest.length > 0 && (
          <p className="error" role="alert">
            {errors.rest.join(' ')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {c('content.save')}
          </button>
          <button type="button" onClick={() => onClose(false)}>
            {c('content.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="error">
      {message}
    </span>
  ) : null;
}

function Field({
  id,
  field,
  value,
  errors,
  onChange,
}: {
  id: string;
  field: FieldSpec;
  value: FormValue;
  errors: Record<string, string>;
  onChange: (value: FormValue) => void;
}) {
  const c = useContentText();
  const label = c(`field.${field.name}` as ContentTextKey);
  const error = errors[field.name];
  const described = error ? `${id}-error` : undefined;

  if (field.kind === 'localized' || field.kind === 'rich') {
    const text = value as Localized;
    return (
      <fieldset className="localized">
        <legend>{label}</legend>
        {LANGUAGES.map((lang) => {
          const message = errors[`${field.name}.${lang}`] ?? (lang === 'en' ? error : undefined);
          const inputId = `${id}-${lang}`;
          const labelText = c(lang === 'en' ? 'content.inEnglish' : 'content.inBengali', { field: label });
          return field.kind === 'rich' ? (
            <RichText
              key={lang}
              id={inputId}
              label={labelText}
              lang={lang}
              value={text[lang]}
              error={message}
              onChange={(next) => onChange({ ...text, [lang]: next })}
            />
          ) : (
            <label key={lang}>
              {labelText}
              <input
                lang={lang}
                value={text[lang]}
                maxLength={field.maxLength ?? 2000}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${inputId}-error` : undefined}
                onChange={(event) => onChange({ ...text, [lang]: event.target.value })}
              />
              <ErrorText id={`${inputId}-error`} message={message} />
            </label>
          );
        })}
      </fieldset>
    );
  }
  if (field.kind === 'checkbox') {
    return (
      <label className="check">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        {label}
        <ErrorText id={`${id}-error`} message={error} />
      </label>
    );
  }
  let control: ReactNode;
  const common = {
    value: String(value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  if (field.kind === 'select') {
    control = (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        {field.nullable && <option value="">{c('content.none')}</option>}
        {field.options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(c, field.name, option)}
          </option>
        ))}
      </select>
    );
  } else {
    const type =
      field.kind === 'number'
        ? 'number'
        : field.kind === 'datetime'
          ? 'datetime-local'
          : field.kind === 'text'
            ? 'text'
            : 'url';
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        maxLength={'maxLength' in field ? field.maxLength : field.kind === 'datetime' ? undefined : 2048}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const labelled = (
    <label>
      {label}
      {control}
      <ErrorText id={`${id}-error`} message={error} />
    </label>
  );
  if (field.kind !== 'image') return labelled;
  return (
    <div className="image-field">
      {labelled}
      {String(value) !== '' && (
        <img className="preview" src={String(value)} alt={c('content.previewOf', { field: label })} />
      )}
      <ImageUpload label={label} onUploaded={(url) => onChange(url)} />
    </div>
  );
}

/** Sends a png or jpg to the server (it checks the bytes and the size) and hands back its address. */
async function uploadImage(file: File, language: string): Promise<string> {
  const def = adminEndpoints.contentImages.upload;
  const response = await fetch(def.path, {
    method: def.method,
    headers: { Authorization: session.token() ?? '', Language: language, 'Content-Type': file.type || 'image/png' },
    body: file,
  });
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    code?: string;
    message?: string;
  } | null;
  if (!json?.success)
    throw new ApiError(json?.code ?? 'server.unknown_error', json?.message ?? response.statusText, response.status);
  return def.response.parse(json.value).url;
}

function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const c = useContentText();
  const { language } = useI18n();
  const upload = useMutation({ mutationFn: (file: File) => uploadImage(file, language), onSuccess: onUploaded });
  return (
    <label className="upload">
      {c('content.upload', { field: label })}
      <input
        type="file"
        accept="image/png,image/jpeg"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      {upload.isPending && <span className="hint">{c('content.uploading')}</span>}
      {upload.error && (
        <span className="error" role="alert">
          {upload.error instanceof ApiError ? upload.error.message : c('content.failed')}
        </span>
      )}
    </label>
  );
}

function RichText({
  id,
  label,
  lang,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  lang: 'bn' | 'en';
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const c = useContentText();
  const area = useRef<HTMLTextAreaElement>(null);
  const command = (name: RichCommand) => {
    const element = area.current;
    if (!element) return;
    let href = '';
    if (name === 'link') {
      href = window.prompt(c('rich.linkPrompt'), 'https://')?.trim() ?? '';
      if (!href) return;
    }
    const next = applyRichCommand(value, element.selectionStart, element.selectionEnd, name, href);
    onChange(next.text);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <div className="rich">
      <label htmlFor={id}>{label}</label>
      <div className="toolbar" role="toolbar" aria-label={c('rich.toolbar', { field: label })}>
        {(['bold', 'italic', 'heading', 'list', 'link'] as const).map((name) => (
          <button key={name} type="button" className="ghost" onClick={() => command(name)}>
            {c(`rich.${name}`)}
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        lang={lang}
        rows={6}
        value={value}
        maxLength={20_000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <ErrorText id={`${id}-error`} message={error} />
      <div className="hint">{c('rich.preview')}</div>
      <div
        className="rich-preview"
        lang={lang}
        data-testid={`${id}-preview`}
        // Sanitised by an allow-list just above; the server sanitises again on save.
        dangerouslySetInnerHTML={{ __html: sanitisePreview(value) }}
      />
    </div>
  );
}

/** Tabs over the kinds the operator's role may edit (the server checks each call anyway). */
export function KindTabs({
  title,
  tabsLabel,
  kinds,
  extra = [],
}: {
  title: ContentTextKey;
  tabsLabel: ContentTextKey;
  kinds: readonly KindConfig[];
  extra?: readonly { id: string; label: ContentTextKey; render: () => ReactNode }[];
}) {
  const c = useContentText();
  const tabs = [
    ...extra,
    ...kinds.map((kind) => ({
      id: kind.id as string,
      label: `kind.${kind.id}` as ContentTextKey,
      render: () => <ContentKindPanel key={kind.id} config={kind} />,
    })),
  ];
  const [current, setCurrent] = useState(tabs[0]?.id);
  const shown = tabs.find((tab) => tab.id === current) ?? tabs[0];
  return (
    <section aria-labelledby="content-title" className="section">
      <h1 id="content-title">{c(title)}</h1>
      <div className="tabs" role="group" aria-label={c(tabsLabel)}>
        {tabs.map((tab) => (
          <button key={tab.id} type="button" aria-pressed={tab.id === shown?.id} onClick={() => setCurrent(tab.id)}>
            {c(tab.label)}
          </button>
        ))}
      </div>
      {shown?.render()}
    </section>
  );
}

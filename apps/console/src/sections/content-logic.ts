/** Pure rules of the content and settings sections (issue 16 item 7): forms ↔ request bodies. */

export type Localized = { bn: string; en: string };
export type FormValue = string | boolean | Localized;
export type FormState = Record<string, FormValue>;

export type FieldSpec =
  | { name: string; kind: 'text' | 'url' | 'image'; required?: boolean; maxLength?: number; emptyAsNull?: boolean }
  | { name: string; kind: 'number'; min?: number; max?: number }
  /** A new item's box is ticked unless `initial` says otherwise. */
  | { name: string; kind: 'checkbox'; initial?: boolean }
  /** datetime-local in the browser, ISO on the wire; empty: null (nullable) or left out. */
  | { name: string; kind: 'datetime'; nullable?: boolean }
  | { name: string; kind: 'localized'; maxLength?: number }
  /** HTML in both languages: a small toolbar and a sanitised preview. */
  | { name: string; kind: 'rich' }
  | { name: string; kind: 'select'; options: readonly string[]; nullable?: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the operator's local datetime-local value. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function isLocalized(value: unknown): value is Localized {
  return typeof value === 'object' && value !== null && 'bn' in value && 'en' in value;
}

/** The form of an existing item, or of a new one (`item` null): every field has a value. */
export function formOf(fields: readonly FieldSpec[], item: Record<string, unknown> | null): FormState {
  const form: FormState = {};
  for (const field of fields) {
    const value = item?.[field.name];
    switch (field.kind) {
      case 'checkbox':
        form[field.name] = item ? value === true : (field.initial ?? true);
        break;
      case 'localized':
      case 'rich':
        form[field.name] = isLocalized(value) ? { bn: value.bn, en: value.en } : { bn: '', en: '' };
        break;
      case 'datetime':
        form[field.name] = toLocalInput(value as string | null | undefined);
        break;
      case 'select':
        form[field.name] = value == null ? (field.nullable ? '' : (field.options[0] ?? '')) : String(value);
        break;
      case 'number':
        form[field.name] = value == null ? '0' : String(value);
        break;
      default:
        form[field.name] = value == null ? '' : String(value);
    }
  }
  return form;
}

/**
 * The request body of a form. Fields the form does not edit (an announcement's images) keep the
 * item's value; the server's schema checks the rest and names what is wrong.
 */
export function bodyOf(
  fields: readonly FieldSpec[],
  form: FormState,
  item: Record<string, unknown> | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (item) {
    for (const [key, value] of Object.entries(item)) if (key !== 'id') body[key] = value;
  }
  for (const field of fields) {
    const value = form[field.name];
    switch (field.kind) {
      case 'checkbox':
        body[field.name] = value === true;
        break;
      case 'localized':
      case 'rich':
        body[field.name] = value;
        break;
      case 'number': {
        const text = String(value).trim();
        body[field.name] = text === '' || !/^-?\d+$/.test(text) ? text : Number(text);
        break;
      }
      case 'datetime': {
        const iso = fromLocalInput(String(value));
        if (iso !== null) body[field.name] = iso;
        else if (field.nullable) body[field.name] = null;
        else delete body[field.name];
        break;
      }
      case 'select':
        body[field.name] = value === '' && field.nullable ? null : value;
        break;
      default:
        body[field.name] = value === '' && 'emptyAsNull' in field && field.emptyAsNull ? null : value;
    }
  }
  return body;
}

/**
 * The server's field errors (`body.title.en`) by the form's input names (`title.en`); what names no
 * input of the form goes above the buttons.
 */
export function fieldErrorsOf(
  fields: readonly { field: string; message: string }[],
  inputs: readonly string[],
): { byInput: Record<string, string>; rest: string[] } {
  const byInput: Record<string, string> = {};
  const rest: string[] = [];
  for (const { field, message } of fields) {
    const path = field.replace(/^body\.?/, '');
    const input = inputs.find((name) => path === name || path.startsWith(`${name}.`));
    if (input) byInput[path.startsWith(`${input}.`) ? path : input] ??= message;
    else rest.push(message);
  }
  return { byInput, rest };
}

export type RichCommand = 'bold' | 'italic' | 'link' | 'list' | 'heading';

/** Wraps the selection [start, end) of `text` in the markup of a toolbar command. */
export function applyRichCommand(
  text: string,
  start: number,
  end: number,
  command: RichCommand,
  href = '',
): { text: string; caret: number } {
  const selected = text.slice(start, end);
  const escapedHref = href.replace(/"/g, '&quot;');
  const markup: Record<RichCommand, [open: string, close: string, inner: string]> = {
    bold: ['<strong>', '</strong>', selected],
    italic: ['<em>', '</em>', selected],
    link: [`<a href="${escapedHref}">`, '</a>', selected || href],
    heading: ['<h2>', '</h2>', selected],
    list: [
      '<ul>\n',
      '\n</ul>',
      (selected || '')
        .split('\n')
        .map((line) => `  <li>${line}</li>`)
        .join('\n'),
    ],
  };
  const [open, close, inner] = markup[command];
  const next = text.slice(0, start) + open + inner + close + text.slice(end);
  return { text: next, caret: start + open.length + inner.length + close.length };
}

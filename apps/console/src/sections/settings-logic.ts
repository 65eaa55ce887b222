import type { adminEndpoints, ValueOf } from '@khela/contracts';

export type MerchantSettings = ValueOf<typeof adminEndpoints.merchantGet>;

/** The site settings form's inputs, as typed (lists one address a line). */
export interface MerchantForm {
  name: string;
  defaultLanguage: 'bn' | 'en';
  mainDomain: string;
  gtagId: string;
  imageCDNs: string;
  launchGameCDNs: string;
  sessionIdleMinutes: string;
  sessionAbsoluteHours: string;
}

export const MERCHANT_INPUTS = [
  'name',
  'defaultLanguage',
  'mainDomain',
  'gtagId',
  'imageCDNs',
  'launchGameCDNs',
  'sessionIdleMinutes',
  'sessionAbsoluteHours',
] as const;

export function merchantForm(settings: MerchantSettings): MerchantForm {
  return {
    name: settings.name,
    defaultLanguage: settings.defaultLanguage,
    mainDomain: settings.mainDomain,
    gtagId: settings.gtagId ?? '',
    imageCDNs: settings.imageCDNs.join('\n'),
    launchGameCDNs: settings.launchGameCDNs.join('\n'),
    sessionIdleMinutes: settings.sessionIdleMinutes === undefined ? '' : String(settings.sessionIdleMinutes),
    sessionAbsoluteHours: settings.sessionAbsoluteHours === undefined ? '' : String(settings.sessionAbsoluteHours),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Whole numbers as numbers; anything else as typed, so the server names the field it refuses. */
const wholeOr = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

/** The PUT body: every setting (the call replaces them); empty session limits are left unchanged. */
export function merchantBody(form: MerchantForm) {
  return {
    name: form.name.trim(),
    defaultLanguage: form.defaultLanguage,
    mainDomain: form.mainDomain.trim(),
    gtagId: form.gtagId.trim() || null,
    imageCDNs: lines(form.imageCDNs),
    launchGameCDNs: lines(form.launchGameCDNs),
    ...(form.sessionIdleMinutes.trim() && { sessionIdleMinutes: wholeOr(form.sessionIdleMinutes) }),
    ...(form.sessionAbsoluteHours.trim() && { sessionAbsoluteHours: wholeOr(form.sessionAbsoluteHours) }),
  };
}

/** A server field path ("body.imageCDNs.2") as the input it belongs to ("imageCDNs"). */
export function inputOf(path: string): string {
  return (
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? path
  );
}

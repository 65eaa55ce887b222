import type { SystemStatus } from '@khela/contracts';

export type Resource = SystemStatus['info']['resources'][number];

/** The app downloads of the status call's `resources` (§2 side menu and widget QR codes). */
export interface AppDownload {
  platform: 'android' | 'ios' | 'iosLite';
  /** Absolute, so a phone scanning the QR code can open it. */
  url: string;
  /** The operator's own label for the download, in the request language. */
  label: string;
}

const PLATFORMS: Record<string, AppDownload['platform']> = {
  ANDROID: 'android',
  IOS: 'ios',
  MOBILECONFIG: 'iosLite',
};
const ORDER: AppDownload['platform'][] = ['ios', 'android', 'iosLite'];

/** A link of the status call made absolute against the site (a relative path is the site's). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return '';
  }
}

/**
 * iOS, Android and iOS lite (MOBILECONFIG) downloads in that order, the first of each type,
 * leaving out links that are not http(s).
 */
export function appDownloads(resources: readonly Resource[], origin: string): AppDownload[] {
  const found = new Map<AppDownload['platform'], AppDownload>();
  for (const resource of resources) {
    const platform = PLATFORMS[resource.resourceType.toUpperCase()];
    if (!platform || found.has(platform)) continue;
    const url = absoluteUrl(resource.url, origin);
    if (!/^https?:/.test(url)) continue;
    found.set(platform, { platform, url, label: resource.label });
  }
  return ORDER.flatMap((platform) => found.get(platform) ?? []);
}

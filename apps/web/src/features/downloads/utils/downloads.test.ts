import { describe, expect, it } from 'vitest';
import { appDownloads } from './downloads.ts';

const resource = (id: number, resourceType: string, url: string) => ({ id, resourceType, url, label: resourceType });

describe('appDownloads', () => {
  it('picks iOS, Android and iOS lite from the resources, absolute, in that order', () => {
    const downloads = appDownloads(
      [
        resource(1, 'Android', '/downloads/app.apk'),
        resource(2, 'FACEBOOK', 'https://facebook.com/x'),
        resource(3, 'MOBILECONFIG', 'https://cdn.example/khela.mobileconfig'),
        resource(4, 'IOS', '/downloads/app.ipa'),
      ],
      'https://khela.example',
    );
    expect(downloads.map((d) => [d.platform, d.url])).toEqual([
      ['ios', 'https://khela.example/downloads/app.ipa'],
      ['android', 'https://khela.example/downloads/app.apk'],
      ['iosLite', 'https://cdn.example/khela.mobileconfig'],
    ]);
  });

  it('keeps the first usable link of each type and drops links that are not web links', () => {
    const downloads = appDownloads(
      [
        resource(1, 'ANDROID', 'javascript:alert(1)'),
        resource(2, 'android', 'https://a.example/1.apk'),
        resource(3, 'Android', 'https://a.example/2.apk'),
      ],
      'https://khela.example',
    );
    expect(downloads).toEqual([{ platform: 'android', url: 'https://a.example/1.apk', label: 'android' }]);
  });

  it('gives nothing without download resources', () => {
    expect(appDownloads([resource(1, 'YOUTUBE', 'https://y.example')], 'https://khela.example')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { inputOf, merchantBody, merchantForm, type MerchantSettings } from './settings-logic.ts';

const settings: MerchantSettings = {
  code: 'khela',
  currency: 'BDT',
  name: 'Khela',
  defaultLanguage: 'bn',
  mainDomain: 'khela.example',
  gtagId: null,
  imageCDNs: ['https://a.example', 'https://b.example'],
  launchGameCDNs: [],
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 24,
};

describe('site settings form', () => {
  it('round-trips the settings, one address a line, an empty tag as none', () => {
    const form = merchantForm(settings);
    expect(form.imageCDNs).toBe('https://a.example\nhttps://b.example');
    expect(merchantBody(form)).toEqual({
      name: 'Khela',
      defaultLanguage: 'bn',
      mainDomain: 'khela.example',
      gtagId: null,
      imageCDNs: ['https://a.example', 'https://b.example'],
      launchGameCDNs: [],
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 24,
    });
  });

  it('drops blank lines, leaves empty session limits out and sends a bad number as typed', () => {
    const body = merchantBody({
      ...merchantForm(settings),
      imageCDNs: ' https://c.example \n\n',
      sessionIdleMinutes: '',
      sessionAbsoluteHours: '2h',
    });
    expect(body.imageCDNs).toEqual(['https://c.example']);
    expect('sessionIdleMinutes' in body).toBe(false);
    expect(body.sessionAbsoluteHours).toBe('2h');
  });

  it('names the input of a server field path', () => {
    expect(inputOf('body.imageCDNs.2')).toBe('imageCDNs');
    expect(inputOf('sessionIdleMinutes')).toBe('sessionIdleMinutes');
  });
});

import { useEffect, useState } from 'react';
import { endpoints, envelope, type SystemStatus } from '@khela/contracts';

type Language = 'bn' | 'en';

const text = {
  bn: {
    title: 'খেলা',
    tagline: 'লাইভ ক্যাসিনো, স্লট, ফিশিং, কার্ড, লটারি, স্পোর্টস ও আরও অনেক কিছু।',
    loading: 'লোড হচ্ছে…',
    normal: 'সাইট চালু আছে',
    maintenance: 'রক্ষণাবেক্ষণ চলছে',
    restricted: 'আপনার অঞ্চল থেকে প্রবেশাধিকার সীমিত',
    error: 'নেটওয়ার্ক সংযোগে সমস্যা, আবার চেষ্টা করুন',
    language: 'English',
    footer: 'খেলতে আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে।',
  },
  en: {
    title: 'Khela',
    tagline: 'Live casino, slots, fishing, cards, lottery, sports and more.',
    loading: 'Loading…',
    normal: 'The site is up',
    maintenance: 'Under maintenance',
    restricted: 'Access restricted from your region',
    error: 'Network link is abnormal, please try again',
    language: 'বাংলা',
    footer: 'You must be at least 18 years old to play.',
  },
} as const;

const statusResponse = envelope(endpoints.system.status.response);

/** Placeholder page until the site shell (issue 3): it proves the status call end to end. */
export function App() {
  const [language, setLanguage] = useState<Language>(() => (localStorage.getItem('language') === 'en' ? 'en' : 'bn'));
  const [status, setStatus] = useState<SystemStatus | 'error' | null>(null);
  const t = text[language];

  useEffect(() => {
    document.documentElement.lang = language;
    localStorage.setItem('language', language);
    fetch(endpoints.system.status.path, { headers: { Language: language } })
      .then((r) => r.json())
      .then((body: unknown) => {
        const parsed = statusResponse.parse(body);
        setStatus(parsed.success && parsed.value ? parsed.value : 'error');
      })
      .catch(() => setStatus('error'));
  }, [language]);

  const state =
    status === null ? t.loading : status === 'error' ? t.error : [t.normal, t.maintenance, t.restricted][status.status];

  return (
    <main className="page">
      <header>
        <h1>{t.title}</h1>
        <button type="button" onClick={() => setLanguage(language === 'bn' ? 'en' : 'bn')}>
          {t.language}
        </button>
      </header>
      <p>{t.tagline}</p>
      <p
        role="status"
        data-testid="system-status"
        data-status={typeof status === 'object' && status ? status.status : ''}
      >
        {state}
      </p>
      <footer>{t.footer}</footer>
    </main>
  );
}

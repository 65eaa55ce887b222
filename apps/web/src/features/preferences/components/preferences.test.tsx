// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n.ts';
import { LanguageSelect } from './language-select.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

beforeAll(async () => {
  localStorage.clear();
  await initI18n('bn');
});
afterEach(cleanup);

describe('LanguageSelect (§4 language change)', () => {
  beforeEach(async () => {
    localStorage.clear();
    await act(() => i18next.changeLanguage('bn'));
  });

  it('switches the language and keeps current and previous in local storage', async () => {
    render(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'ভাষা' });
    fireEvent.change(select, { target: { value: 'en' } });
    await waitFor(() => expect(i18next.language).toBe('en'));
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('previousLanguage')).toBe('bn');
    expect(document.documentElement.lang).toBe('en');
    // The label follows the new language.
    await screen.findByRole('combobox', { name: 'Language' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'bn' } });
    await waitFor(() => expect(i18next.language).toBe('bn'));
    expect(localStorage.getItem('language')).toBe('bn');
    expect(localStorage.getItem('previousLanguage')).toBe('en');
  });

  it('names each language in its own script and offers only the merchant’s languages', () => {
    const { unmount } = render(<LanguageSelect />);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['bn', 'বাংলা'],
      ['en', 'English'],
    ]);
    unmount();
    render(<LanguageSelect languages={['bn']} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('leaves storage alone when the same language is chosen again', () => {
    render(<LanguageSelect />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'bn' } });
    expect(localStorage.getItem('language')).toBeNull();
    expect(localStorage.getItem('previousLanguage')).toBeNull();
  });
});

describe('ThemeSwitch (issue 3: remembered dark/light switch)', () => {
  beforeEach(async () => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    await act(() => i18next.changeLanguage('en'));
  });

  it('toggles the theme on the document and remembers it', () => {
    render(<ThemeSwitch />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('starts from the remembered theme', () => {
    localStorage.setItem('theme', 'light');
    render(<ThemeSwitch />);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });
});

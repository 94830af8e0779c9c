import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEn from '@/locales/en/common.json';
import errorsEn from '@/locales/en/errors.json';
import commonEs from '@/locales/es/common.json';
import errorsEs from '@/locales/es/errors.json';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
const STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

// `common` (the shell) and `errors` (the API's error codes in words, which any page may show)
// ship with the app; every other namespace is fetched with the page that
// needs it, keeping the first load small. `landing` is requested at start, in the active language
// only, since the landing page is the first page most people see.
const lazyNamespaces = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
  '!../locales/*/errors.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = lazyNamespaces[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this visit only.
  }
}

export default i18n;

export function initI18n(language: Language = storedLanguage()) {
  i18n.on('languageChanged', applyLanguage);
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      ns: ['common', 'landing'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: {
        es: { common: commonEs, errors: errorsEs },
        en: { common: commonEn, errors: errorsEn },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18n;
}

export function changeLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}

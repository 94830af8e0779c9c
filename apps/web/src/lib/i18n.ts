import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEs from '@/locales/es/common.json';
import landingEs from '@/locales/es/landing.json';

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

// Spanish, the default language, ships its `common` (the shell) and `landing` (the first page
// most people see) with the app, so the landing page draws without waiting for a second request
// (docs/benchmarks.md, "Web"); English fetches both at start when it is the reader's language
// (or on switching to it). Every other namespace is fetched with the page that needs it, keeping
// the first load small: `errors` (the API's error codes in words) with every page or dialog that
// can show one (`loadErrorTexts`), which the landing page itself cannot.
declare const __LOCALES_VERSION__: string;

type Translations = Record<string, unknown>;

/**
 * A namespace's translations: in the built app a file the build writes at /locales/ (see
 * vite.config.ts, `localeFiles`); under test, the source files themselves.
 */
const loadNamespace: (language: string, namespace: string) => Promise<Translations> =
  import.meta.env.MODE === 'test'
    ? (() => {
        const sources = import.meta.glob<{ default: Translations }>('../locales/*/*.json');
        return async (language, namespace) => {
          const load = sources[`../locales/${language}/${namespace}.json`];
          if (!load) throw new Error(`No translations for ${language}/${namespace}`);
          return (await load()).default;
        };
      })()
    : async (language, namespace) => {
        const response = await fetch(
          `/locales/${language}/${namespace}.json?v=${__LOCALES_VERSION__}`,
        );
        if (!response.ok) throw new Error(`No translations for ${language}/${namespace}`);
        return (await response.json()) as Translations;
      };

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (translations) => callback(null, translations),
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
      resources: { es: { common: commonEs, landing: landingEs } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18n;
}

/** The `errors` namespace, for a page or dialog that may put an API error in words. */
export function loadErrorTexts(): Promise<void> {
  return i18n.loadNamespaces('errors');
}

export function changeLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}

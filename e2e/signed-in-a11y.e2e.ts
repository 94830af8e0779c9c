import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations, useBrowser, VIEWPORTS } from './support/browser';
import { addTestMoney, createUser, type E2eUser, markVerified } from './support/users';

const browser = useBrowser();
let user: E2eUser;
/** Not verified: the onboarding page shows its start state and the vendors' flows. */
let newcomer: E2eUser;
let argentine: E2eUser;

beforeAll(async () => {
  user = await createUser('Carla', '+12125550183');
  await markVerified(user);
  await addTestMoney(user, 5000);
  newcomer = await createUser('Nico', '+12125550184', '10001');
  argentine = await createUser('Sofia', '+12125550185', 'C1425DKF');
});

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/profile',
  '/activity',
  '/pay',
  '/moneymover',
  '/moneymover?tab=request',
  '/moneymover?tab=bank',
  '/billpay',
  '/identity-verification',
  '/card',
];

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

// Start, or continue once an earlier open of the flow left an attempt in progress.
const START = {
  es: /^(Iniciar|Continuar) verificación$/,
  en: /^(Start|Continue) verification$/,
} as const;

describe.each(['es', 'en'] as const)('signed-in pages in %s', (language) => {
  it.each(SIGNED_IN_PAGES)('%s has no serious or critical axe violation', async (path) => {
    for (const viewport of VIEWPORTS) {
      const page = await browser.open(path, viewport, { language, token: user.token });
      await settle(page);
      expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
    }
  });

  it.each([
    ['/identity-verification', 'before any attempt'],
    ['/onboarding/verify', 'before any attempt'],
  ])('%s %s has no serious or critical axe violation', async (path) => {
    for (const viewport of VIEWPORTS) {
      const page = await browser.open(path, viewport, { language, token: newcomer.token });
      await settle(page);
      expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
    }
  });

  it.each([
    ['Plaid', () => newcomer],
    ['Persona', () => argentine],
  ])(
    'the %s flow, open over /onboarding/verify, has no serious or critical axe violation',
    async (title, who) => {
      for (const viewport of VIEWPORTS) {
        const page = await browser.open('/onboarding/verify', viewport, {
          language,
          token: who().token,
        });
        await settle(page);
        await page.getByRole('button', { name: START[language] }).click();
        await page.frameLocator(`iframe[title="${title}"]`).getByRole('heading').first().waitFor();
        expect(await seriousA11yViolations(page), `${title} at ${viewport.name}`).toEqual([]);
      }
    },
  );
});

import type { Page } from '@playwright/test';
import {
  atEachSize,
  expect,
  seriousA11yViolations,
  settled,
  test,
  VIEWPORTS,
} from './support/browser';
import { addTestMoney, createUser, type E2eUser, markVerified } from './support/users';

let user: E2eUser;
/** Not verified: the onboarding page shows its start state and the vendors' flows. */
let newcomer: E2eUser;
let argentine: E2eUser;

test.beforeAll(async () => {
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
  '/send',
  '/moneymover',
  '/moneymover?tab=request',
  '/moneymover?tab=bank',
  '/billpay',
  '/identity-verification',
  '/card',
];

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await settled(page);
}

// Start, or continue once an earlier open of the flow left an attempt in progress.
const START = {
  es: /^(Iniciar|Continuar) verificación$/,
  en: /^(Start|Continue) verification$/,
} as const;

for (const language of ['es', 'en'] as const) {
  test.describe(`signed-in pages in ${language}`, () => {
    for (const path of SIGNED_IN_PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ app }) => {
        const page = await app.open(path, VIEWPORTS[0], { language, token: user.token });
        await settle(page);
        await atEachSize(page, async (viewport) => {
          expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
        });
      });
    }

    for (const path of ['/identity-verification', '/onboarding/verify']) {
      test(`${path} before any attempt has no serious or critical axe violation`, async ({
        app,
      }) => {
        const page = await app.open(path, VIEWPORTS[0], { language, token: newcomer.token });
        await settle(page);
        await atEachSize(page, async (viewport) => {
          expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
        });
      });
    }

    for (const [title, who] of [
      ['Plaid', () => newcomer],
      ['Persona', () => argentine],
    ] as const) {
      test(`the ${title} flow, open over /onboarding/verify, has no serious or critical axe violation`, async ({
        app,
      }) => {
        const page = await app.open('/onboarding/verify', VIEWPORTS[0], {
          language,
          token: who().token,
        });
        await settle(page);
        await page.getByRole('button', { name: START[language] }).click();
        await page.frameLocator(`iframe[title="${title}"]`).getByRole('heading').first().waitFor();
        await atEachSize(page, async (viewport) => {
          expect(await seriousA11yViolations(page), `${title} at ${viewport.name}`).toEqual([]);
        });
      });
    }
  });
}

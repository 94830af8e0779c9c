import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations, useBrowser, VIEWPORTS } from './support/browser';
import { addTestMoney, createUser, type E2eUser, markVerified } from './support/users';

const browser = useBrowser();
let user: E2eUser;

beforeAll(async () => {
  user = await createUser('Carla', '+12125550183');
  await markVerified(user);
  await addTestMoney(user, 5000);
});

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/moneymover',
  '/moneymover?tab=request',
  '/moneymover?tab=bank',
  '/billpay',
  '/onboarding/verify',
];

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe.each(['es', 'en'] as const)('signed-in pages in %s', (language) => {
  it.each(SIGNED_IN_PAGES)('%s has no serious or critical axe violation', async (path) => {
    for (const viewport of VIEWPORTS) {
      const page = await browser.open(path, viewport, { language, token: user.token });
      await settle(page);
      expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

type ShotOptions = {
  /** The whole page, not the viewport (a Page only: a Locator's picture is the element). */
  fullPage?: boolean;
  /** Scrolled into view first: done only when the picture is kept. */
  scrollTo?: Locator;
  /** The page resized to this for the picture, then back to its own size (a Page only). */
  size?: { width: number; height: number };
  animations?: 'disabled' | 'allow';
};

/**
 * A picture of the screen for a person to look at, kept only when PAGO_SCREENSHOT_DIR names a
 * directory (README, "Other commands"): no test asserts on it, and each costs the browser an
 * encode. Without it this does nothing, not even the scroll or resize the picture asks for.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  options: ShotOptions = {},
): Promise<void> {
  const dir = process.env.PAGO_SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const { fullPage, scrollTo, size, animations } = options;
  await scrollTo?.scrollIntoViewIfNeeded();
  if (!('goto' in target)) {
    await target.screenshot({ path: file, animations });
    return;
  }
  const own = target.viewportSize();
  if (size) await target.setViewportSize(size);
  await target.screenshot({ path: file, fullPage, animations });
  if (size && own) await target.setViewportSize(own);
}

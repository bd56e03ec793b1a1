import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

/**
 * Screenshots for a human to look at, not assertions: the screenshot specs are skipped unless
 * SCREENSHOTS=1 (`SCREENSHOTS=1 npx playwright test screenshots`); the images land here, named
 * `<screen>-<locale>-<width>.png`.
 */
export const SHOTS_DIR = '/tmp/shots-e2e';

/** One language at one screen width: every screen is shot in each (English and Arabic, wide and narrow). */
export interface ShotVariant {
  locale: 'en' | 'ar';
  width: number;
}

const variants: ShotVariant[] = ['en', 'ar'].flatMap((locale) =>
  [1280, 375].map((width) => ({ locale: locale as ShotVariant['locale'], width })),
);

/**
 * Declares `body` once per variant, in a describe that is skipped without SCREENSHOTS=1, with the
 * variant's viewport and the panel's language stored before any page loads.
 */
export function describeShotVariants(body: (variant: ShotVariant) => void) {
  for (const variant of variants) {
    const { locale, width } = variant;
    test.describe(`${locale} at ${width}px`, () => {
      test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
      test.use({ viewport: { width, height: width > 600 ? 800 : 740 } });
      test.beforeEach(async ({ page }) => {
        mkdirSync(SHOTS_DIR, { recursive: true });
        await page.addInitScript((lng) => localStorage.setItem('nimbus.language', lng), locale);
      });
      body(variant);
    });
  }
}

/**
 * Opens `path` and takes a full-page PNG of `screen` once the page has settled in the variant's language.
 * `prepare` runs on the loaded page before the shot (to pick a plan, open a tab…).
 */
export async function shoot(
  page: Page,
  variant: ShotVariant,
  screen: string,
  path: string,
  prepare?: (page: Page, variant: ShotVariant) => Promise<void>,
) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', variant.locale);
  await expect(page.locator('h1').first()).toBeVisible();
  if (prepare) await prepare(page, variant);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // A click may have focused or scrolled something: the skip link or fixed bars would then be painted
  // mid-page in a full-page shot.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  await page.screenshot({
    path: `${SHOTS_DIR}/${screen}-${variant.locale}-${variant.width}.png`,
    fullPage: true,
  });
}

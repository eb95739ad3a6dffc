import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

const MENUS = ['Flat Fee MLS', 'Services', 'FAQs / Help', 'Connect'] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, name: string) => nav(page).getByRole('button', { name, exact: true });
const panel = (page: Page, id: string) => page.locator(`#menu-${id}`);

test.describe('desktop menus', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('open and close on click, one at a time, with aria-expanded kept in step', async ({
    page,
  }) => {
    await page.goto('/');
    for (const name of MENUS)
      await expect(trigger(page, name)).toHaveAttribute('aria-expanded', 'false');
    await trigger(page, 'Flat Fee MLS').click();
    await expect(panel(page, 'flatFeeMLS')).toBeVisible();
    await expect(trigger(page, 'Flat Fee MLS')).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page, 'flatFeeMLS').getByText('$149 Flat Fee')).toBeVisible();
    await expect(
      panel(page, 'flatFeeMLS').getByRole('link', { name: 'List Your Property' }),
    ).toBeVisible();

    await trigger(page, 'Connect').click();
    await expect(panel(page, 'flatFeeMLS')).toBeHidden();
    await expect(panel(page, 'connect')).toBeVisible();
    await expect(
      panel(page, 'connect').getByRole('link', { name: 'Let Us Connect You' }),
    ).toHaveAttribute('href', '/services');
    await expect(panel(page, 'connect').getByRole('button', { name: 'Subscribe' })).toBeVisible();

    await trigger(page, 'Connect').click();
    await expect(panel(page, 'connect')).toBeHidden();
    await expect(trigger(page, 'Connect')).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the open menu and returns focus to its button', async ({ page }) => {
    await page.goto('/');
    await trigger(page, 'FAQs / Help').click();
    const help = panel(page, 'faqsHelp');
    // The shipped links file names no help center: the promo offers a ticket instead.
    await expect(help.getByRole('link', { name: /Visit Help Center/ })).toHaveCount(0);
    await expect(
      help.getByRole('complementary').getByRole('link', { name: 'Open Support Ticket' }),
    ).toBeVisible();
    await help.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(trigger(page, 'FAQs / Help')).toBeFocused();
  });

  test('closes when focus leaves the menu or the page is clicked elsewhere', async ({ page }) => {
    await page.goto('/');
    await trigger(page, 'Services').click();
    await expect(panel(page, 'services')).toBeVisible();
    // Tab past the last focusable element of the Services item: focus leaves, the menu closes.
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await expect(panel(page, 'services')).toBeHidden();

    await trigger(page, 'Flat Fee MLS').click();
    await expect(panel(page, 'flatFeeMLS')).toBeVisible();
    await page.mouse.click(20, 880);
    await expect(panel(page, 'flatFeeMLS')).toBeHidden();
  });

  test('choosing a link closes the menu and follows it', async ({ page }) => {
    await page.goto('/');
    await trigger(page, 'Services').click();
    await panel(page, 'services').getByRole('link', { name: 'Lockbox Rental' }).click();
    await expect(page).toHaveURL(/\/lockbox-rental$/);
    await expect(page.locator('h1')).toContainText('show your home');
    await expect(panel(page, 'services')).toBeHidden();
  });

  test('the Services promo card rotates every 7 seconds', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-01T09:00:00Z') });
    await page.goto('/');
    // Stop the clock so only runFor moves it: the rotation is timed from the moment of opening.
    await page.clock.pauseAt(new Date('2026-03-01T09:01:00Z'));
    await trigger(page, 'Services').click();
    const card = panel(page, 'services').locator('[data-promo]:visible');
    await expect(card).toContainText('Flat Fee Listings');
    await expect(card).toContainText('$149 Flat Fee');
    await page.clock.runFor(6_999);
    await expect(card).toContainText('Flat Fee Listings');
    await page.clock.runFor(1);
    await expect(card).toContainText('Buyer Agent');
    await expect(card.getByRole('link', { name: 'Submit an Offer' })).toHaveAttribute(
      'href',
      '/buyer-agent#make-an-offer',
    );
    await page.clock.runFor(7_000);
    await expect(card).toContainText('Seller Agent');
    await expect(card.getByRole('link', { name: 'List Your Property' })).toBeVisible();
    await page.clock.runFor(7_000);
    await expect(card).toContainText('Flat Fee Listings');

    // The pause button holds the rotation.
    await panel(page, 'services').getByRole('button', { name: 'Pause rotating offers' }).click();
    await page.mouse.move(0, 600);
    await page.clock.runFor(21_000);
    await expect(card).toContainText('Flat Fee Listings');
  });
});

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone only');

  const toggle = (page: Page) => nav(page).getByRole('button', { name: 'Menu' });
  const menu = (page: Page) => page.locator('#mobile-menu');

  test('has a search box and the four entries, each opening a sub-list with a back arrow', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(nav(page).getByRole('button', { name: 'Services', exact: true })).toBeHidden();
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('searchbox', { name: 'Search the site' })).toBeVisible();
    for (const name of MENUS) await expect(menu(page).getByRole('button', { name })).toBeVisible();

    const levels: Array<[string, string, string]> = [
      ['Flat Fee MLS', 'flatFeeMLS', 'Past Listings'],
      ['Services', 'services', 'Photography'],
      ['FAQs / Help', 'faqsHelp', 'Contact Us'],
      ['Connect', 'connect', 'Newsletter'],
    ];
    for (const [name, level, link] of levels) {
      await menu(page).getByRole('button', { name }).click();
      await expect(menu(page)).toHaveAttribute('data-current-level', level);
      const sub = menu(page).locator(`[data-level="${level}"]`);
      await expect(sub.getByRole('link', { name: link, exact: true })).toBeVisible();
      await expect(menu(page).getByRole('button', { name: 'Services' })).toBeHidden();
      await sub.getByRole('button', { name: /Back/ }).click();
      await expect(menu(page)).toHaveAttribute('data-current-level', 'main');
      await expect(menu(page).getByRole('button', { name })).toBeFocused();
    }
  });

  test('/past-listings is in the mobile menu only', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#menu-flatFeeMLS a[href="/past-listings"]')).toHaveCount(0);
    await toggle(page).click();
    await menu(page).getByRole('button', { name: 'Flat Fee MLS' }).click();
    await menu(page).getByRole('link', { name: 'Past Listings' }).click();
    await expect(page).toHaveURL(/\/past-listings$/);
  });

  test('choosing a link closes the menu', async ({ page }) => {
    await page.goto('/');
    await toggle(page).click();
    await menu(page).getByRole('button', { name: 'Services' }).click();
    await menu(page).getByRole('link', { name: 'Real Estate Signs' }).click();
    await expect(page).toHaveURL(/\/real-estate-signs$/);
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the search box submits to /search', async ({ page }) => {
    await page.goto('/');
    await toggle(page).click();
    await menu(page).getByRole('searchbox', { name: 'Search the site' }).fill('lockbox');
    await menu(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?search=lockbox$/);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Lockbox Rental for Home Showings' }),
    ).toBeVisible();
    await expect(page.locator('mark').first()).toHaveText(/lockbox/i);
  });

  test('Escape closes the menu and returns focus to the menu button', async ({ page }) => {
    await page.goto('/');
    await toggle(page).click();
    await menu(page).getByRole('button', { name: 'Connect' }).click();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });
});

import { expect, test, type Page } from './support/test.ts';
import { closeToast, favouritesCounter, favouritesLink, storedJson, toast } from './support/shop.ts';

/** The first product card among «Новинки» on the home page: its name, id and heart button. */
async function firstNewProduct(page: Page) {
  const card = page.getByRole('region', { name: 'Новинки' }).getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  const heart = card.getByRole('button', { name: `В избранное: ${name}` });
  const id = Number(await heart.getAttribute('data-favourite'));
  return { name, id, heart };
}

test('toggles a favourite on a product card and lists it on the favourites page', async ({ page }) => {
  await page.goto('/kg/');
  const { name, id, heart } = await firstNewProduct(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  await heart.click();
  await expect(toast(page, 'Товар добавлен в избранное')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(favouritesCounter(page)).toBeVisible();
  await expect(favouritesCounter(page)).toHaveText('1');
  expect(await storedJson<number[]>(page, 'fav')).toEqual([id]);

  await closeToast(page, 'Товар добавлен в избранное');
  await favouritesLink(page).click();
  await expect(page).toHaveURL('/kg/favorites/');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Убрать из избранного: ${name}` })).toBeVisible();

  // Back on the card, the heart remembers the choice; a second press removes it.
  await page.goBack();
  await expect(page).toHaveURL('/kg/');
  const again = await firstNewProduct(page);
  expect(again.id).toBe(id);
  await expect(again.heart).toHaveAttribute('aria-pressed', 'true');
  await again.heart.click();
  await expect(toast(page, 'Товар удален из избранных')).toBeVisible();
  await expect(again.heart).toHaveAttribute('aria-pressed', 'false');
  await expect(favouritesCounter(page)).toBeHidden();
  expect(await storedJson<number[]>(page, 'fav')).toEqual([]);

  await closeToast(page, 'Товар удален из избранных');
  await favouritesLink(page).click();
  await expect(page.getByRole('heading', { name: 'В избранном пока пусто' })).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('removes a favourite from the favourites page', async ({ page }) => {
  await page.goto('/kg/');
  const { name, heart } = await firstNewProduct(page);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/kg/favorites/');
  await page.getByRole('button', { name: `Убрать из избранного: ${name}` }).click();
  await expect(toast(page, 'Товар удален из избранных')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'В избранном пока пусто' })).toBeVisible();
  expect(await storedJson<number[]>(page, 'fav')).toEqual([]);
});

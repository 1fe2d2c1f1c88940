/**
 * «Повторить заказ» on an order's page: puts the order's lines (those still in the catalog) into the cart,
 * added to what is there, and opens the cart, which prices them as of today and says what is short. The
 * button is rendered hidden and shown here, so a page without JavaScript shows no dead button.
 */
import { addToCart } from '~/stores/cart.ts';
import { paths } from '~/shared/paths.ts';
import { DEFAULT_COUNTRY, isCountryCode } from '~/shared/countries.ts';

function showButtons(): void {
  for (const wrap of document.querySelectorAll<HTMLElement>('[data-repeat-wrap]')) wrap.hidden = false;
}

document.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-repeat-order]');
  if (!button) return;
  let lines: { id: number; quantity: number }[] = [];
  try {
    lines = JSON.parse(button.dataset.repeatOrder ?? '[]') as { id: number; quantity: number }[];
  } catch {
    return;
  }
  for (const line of lines) if (Number.isInteger(line.id) && line.quantity > 0) addToCart(line.id, line.quantity);
  const country = document.documentElement.dataset.country;
  window.location.assign(paths.cart(isCountryCode(country) ? country : DEFAULT_COUNTRY));
});
document.addEventListener('astro:page-load', showButtons);
showButtons();

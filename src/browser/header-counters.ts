/** The header's cart and favourites counters, kept in step with their stores (and other tabs). */
import { $cartCount } from '~/stores/cart.ts';
import { $favouritesCount } from '~/stores/favourites.ts';

function renderCount(selector: string, count: number): void {
  for (const node of document.querySelectorAll<HTMLElement>(selector)) {
    node.textContent = count > 99 ? '99+' : String(count);
    node.hidden = count === 0;
    node.setAttribute('aria-label', `${count} шт.`);
  }
}

export function renderCounters(): void {
  renderCount('[data-cart-count]', $cartCount.get());
  renderCount('[data-favourites-count]', $favouritesCount.get());
}

export function trackCounters(): void {
  $cartCount.listen((count) => renderCount('[data-cart-count]', count));
  $favouritesCount.listen((count) => renderCount('[data-favourites-count]', count));
}

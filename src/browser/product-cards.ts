/**
 * The quantity fields, add-to-cart and favourite buttons of server-rendered product cards: delegated
 * listeners, and the pressed state of favourite buttons kept in step with the favourites store. The
 * quantity field's code (`card-quantity.ts`) loads when a buyer first touches a field, and the toasting
 * actions, which pull in react-toastify, on the first click.
 */
import { $favourites } from '~/stores/favourites.ts';
import { serveEarlyTaps } from './early-taps.ts';

const shopActions = () => import('~/stores/shop-actions.ts');
const cardQuantity = () => import('./card-quantity.ts');

function renderFavouriteButtons(ids: readonly number[]): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-favourite]')) {
    const active = ids.includes(Number(button.dataset.favourite));
    button.setAttribute('aria-pressed', String(active));
    button.title = active ? 'Убрать из избранного' : 'В избранное';
  }
}

$favourites.listen(renderFavouriteButtons);
document.addEventListener('astro:page-load', () => renderFavouriteButtons($favourites.get()));
renderFavouriteButtons($favourites.get());

/** The card's quantity field `target` is, if it is one. */
function quantityField(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.matches('[data-card-quantity]') ? target : null;
}

document.addEventListener('input', (event) => {
  const input = quantityField(event.target);
  if (input) void cardQuantity().then((field) => field.typed(input));
});

document.addEventListener('focusout', (event) => {
  const input = quantityField(event.target);
  if (input) void cardQuantity().then((field) => field.left(input));
});

// Enter in a card's field is its «В корзину».
document.addEventListener('keydown', (event) => {
  const input = event.key === 'Enter' && quantityField(event.target);
  if (!input) return;
  event.preventDefault();
  input.closest('[data-card-buy]')?.querySelector<HTMLButtonElement>('[data-add-to-cart]')?.click();
});

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const step = target.closest<HTMLButtonElement>('[data-quantity-step]');
  if (step) {
    void cardQuantity().then((field) => field.step(step));
    return;
  }
  const add = target.closest<HTMLButtonElement>('[data-add-to-cart]');
  if (add) {
    event.preventDefault();
    void Promise.all([cardQuantity(), shopActions()]).then(([field, actions]) =>
      field.addFromCard(add, actions.addToCartAndNotify),
    );
    return;
  }
  const favourite = target.closest<HTMLButtonElement>('[data-favourite]');
  if (favourite) {
    event.preventDefault();
    void shopActions().then((actions) => actions.toggleFavouriteAndNotify(Number(favourite.dataset.favourite)));
  }
});

// Taps on the cards' buttons that came while this script was loading.
serveEarlyTaps('cards');

/**
 * The add-to-cart and favourite buttons of server-rendered product cards: one delegated listener, and
 * the pressed state of favourite buttons kept in step with the favourites store. The toasting actions
 * pull in react-toastify, so they load on the first click.
 */
import { $favourites } from '~/stores/favourites.ts';
import { serveEarlyTaps } from './early-taps.ts';

const shopActions = () => import('~/stores/shop-actions.ts');

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

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const add = target.closest<HTMLButtonElement>('[data-add-to-cart]');
  if (add) {
    event.preventDefault();
    void shopActions().then((actions) =>
      actions.addToCartAndNotify(
        Number(add.dataset.addToCart),
        1,
        add.dataset.available ? Number(add.dataset.available) : undefined,
      ),
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

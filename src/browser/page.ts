/**
 * The script of every storefront page, without React so content pages stay light: the navigation
 * progress bar, the remembered country, the cart and favourites counters, prices in the chosen
 * currency, the header's account link, position and menus, and a toast left by the previous page.
 * The buttons of server-rendered product cards are wired by `product-cards.ts`, loaded only where
 * cards are.
 */
import { DEFAULT_COUNTRY } from '~/shared/countries.ts';
import { keepSessionMark, updateAccountLink } from './account-link.ts';
import { renderCounters, trackCounters } from './header-counters.ts';
import { closeCatalogMenu, trackHeaderMenus } from './header-menus.ts';
import { resetHeaderPosition, trackHeaderPosition } from './header-position.ts';
import { trackNavigationProgress } from './navigation-progress.ts';
import { showPendingToast } from './pending-toast.ts';
import { renderPrices, trackDisplayCurrency } from './prices.ts';

function onPageLoad(): void {
  const country = document.documentElement.dataset.country ?? DEFAULT_COUNTRY;
  document.cookie = `country=${country}; path=/; max-age=31536000; samesite=lax`;
  renderCounters();
  renderPrices();
  updateAccountLink();
  closeCatalogMenu();
  resetHeaderPosition();
  showPendingToast();
}

trackNavigationProgress();
trackCounters();
trackDisplayCurrency();
trackHeaderPosition();
trackHeaderMenus();
keepSessionMark();

document.addEventListener('astro:page-load', onPageLoad);
// A page without the ClientRouter (checkout) fires no astro:page-load: this is its page load.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]')) onPageLoad();

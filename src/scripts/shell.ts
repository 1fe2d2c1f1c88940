/**
 * The page shell's behaviour, without React so content pages stay light: the navigation progress bar,
 * the remembered country, cart and favourites counters, prices in the chosen currency and the
 * header's account link. The buttons of server-rendered product cards are wired by `product-cards.ts`,
 * loaded only where cards are.
 */
import type { Exchange } from '~/lib/api/types.ts';
import {
  formatApproximate,
  formatPrice,
  isDisplayCurrency,
  priceBoundToDisplay,
  toDisplayCurrency,
  type DisplayCurrency,
} from '~/shared/money.ts';
import { hasSessionCookie } from '~/shared/session-cookies.ts';
import { $cartCount } from '~/stores/cart.ts';
import { $currency, CURRENCY_STORAGE_KEY, setCurrency } from '~/stores/currency.ts';
import { $favouritesCount } from '~/stores/favourites.ts';

// The brief's progress bar: starts when a navigation begins, finishes when it completes or fails.
// nprogress is fetched with the first navigation (alongside the next page, so it costs no wait),
// not with every page a visitor may only read.
type Progress = typeof import('nprogress');
// nprogress's own template gives the bar `role="bar"`, which is no ARIA role (axe: aria-roles); the bar is
// decoration, so it has none (nprogress then finds it by its class), hidden from assistive technology.
const PROGRESS_TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';
let progress: Promise<Progress> | null = null;
function loadProgress(): Promise<Progress> {
  return (progress ??= import('nprogress').then(({ default: bar }) =>
    bar.configure({ showSpinner: false, trickleSpeed: 120, template: PROGRESS_TEMPLATE, barSelector: '.bar' }),
  ));
}
let navigating = false;
const progressDone = () => {
  navigating = false;
  if (progress) void progress.then((bar) => bar.done());
};

document.addEventListener('astro:before-preparation', (event) => {
  navigating = true;
  void loadProgress().then((bar) => {
    if (navigating) bar.start();
  });
  const original = event.loader;
  event.loader = async () => {
    try {
      await original();
    } catch (error) {
      progressDone();
      throw error;
    }
  };
});
document.addEventListener('astro:after-swap', progressDone);
window.addEventListener('pageshow', progressDone);

function pageCountry(): string {
  return document.documentElement.dataset.country ?? 'kg';
}

/** The visitor's chosen currency, or the page country's own until they choose one. */
function displayCurrency(): DisplayCurrency {
  const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
  const own = document.documentElement.dataset.currency;
  if (stored === null && isDisplayCurrency(own)) return own;
  return $currency.get();
}

function pageExchange(): Exchange | null {
  const raw = document.body.dataset.exchange;
  if (!raw) return null;
  try {
    return { id: 0, date: '', ...JSON.parse(raw) } as Exchange;
  } catch {
    return null;
  }
}

function renderPrices(): void {
  const currency = displayCurrency();
  const exchange = pageExchange();
  for (const node of document.querySelectorAll<HTMLElement>('[data-price]')) {
    const from = node.dataset.priceCurrency === 'KZT' ? 'KZT' : 'KGS';
    // A price filter bound reads as the visitor typed it (the filter widened it before converting).
    const bound = node.dataset.priceBound;
    const text =
      (bound === 'min' || bound === 'max') && toDisplayCurrency(from) !== currency && exchange
        ? formatApproximate(
            priceBoundToDisplay(Number(node.dataset.price), toDisplayCurrency(from), currency, exchange, bound),
            currency,
          )
        : formatPrice(node.dataset.price ?? null, from, currency, exchange);
    // A struck-out old price beside an approximate one needs no second «≈».
    if (text && node.tagName === 'S') {
      const plain = text.replace(/^≈\u00a0/, '');
      if (node.textContent !== plain) node.textContent = plain;
      continue;
    }
    if (text && node.textContent !== text) node.textContent = text;
  }
  const select = document.querySelector<HTMLSelectElement>('[data-currency-select]');
  if (select) select.value = currency;
}

function renderCount(selector: string, count: number): void {
  for (const node of document.querySelectorAll<HTMLElement>(selector)) {
    node.textContent = count > 99 ? '99+' : String(count);
    node.hidden = count === 0;
    node.setAttribute('aria-label', `${count} шт.`);
  }
}

let headerAccount: Promise<typeof import('~/islands/account/header-account.ts')> | null = null;

// The account link's code, the user store and the API client load only once a session cookie
// exists, so catalog pages ship none of it to visitors without an account.
function updateAccount(): void {
  if (!headerAccount && !hasSessionCookie()) {
    document.documentElement.removeAttribute('data-session');
    return;
  }
  headerAccount ??= import('~/islands/account/header-account.ts');
  void headerAccount.then((module) => module.updateHeaderAccount());
}

// The header on narrow screens tucks away on the way down and returns on the way up (CSS reads
// data-tucked); on every screen its visible bottom edge is kept in --header-bottom, under which toasts sit.
const narrowScreen = window.matchMedia('(max-width: 899px)');
let lastScrollY = 0;
let headerFrame = 0;
function placeHeader(): void {
  headerFrame = 0;
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const y = window.scrollY;
  const menuOpen = document.querySelector('[data-catalog-menu][open]') !== null;
  if (!narrowScreen.matches || menuOpen || y <= header.offsetHeight || y < lastScrollY - 4)
    header.removeAttribute('data-tucked');
  else if (y > lastScrollY + 4) header.setAttribute('data-tucked', '');
  lastScrollY = y;
  // A narrow screen's header sits at the top when shown (read its height: a transform may be mid-slide).
  const bottom = header.hasAttribute('data-tucked')
    ? 0
    : narrowScreen.matches
      ? header.offsetHeight
      : Math.max(0, Math.round(header.getBoundingClientRect().bottom));
  document.documentElement.style.setProperty('--header-bottom', `${bottom}px`);
}
const scheduleHeader = () => {
  headerFrame ||= requestAnimationFrame(placeHeader);
};
window.addEventListener('scroll', scheduleHeader, { passive: true });
window.addEventListener('resize', scheduleHeader, { passive: true });

function onPageLoad(): void {
  document.cookie = `country=${pageCountry()}; path=/; max-age=31536000; samesite=lax`;
  renderCount('[data-cart-count]', $cartCount.get());
  renderCount('[data-favourites-count]', $favouritesCount.get());
  renderPrices();
  updateAccount();
  document.querySelector<HTMLDetailsElement>('[data-catalog-menu]')?.removeAttribute('open');
  lastScrollY = window.scrollY;
  placeHeader();
  showPendingToast();
}

// A toast left for this page by one that ended with a full page load (checkout's «Заказ оформлен»):
// the key is lib/notify.ts's PENDING_TOAST_KEY, written out so the shell does not load notify.ts.
function showPendingToast(): void {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem('pending-toast');
    sessionStorage.removeItem('pending-toast');
  } catch {
    return;
  }
  if (text) void import('~/lib/notify.ts').then(({ notifySuccess }) => notifySuccess(text));
}

$cartCount.listen((count) => renderCount('[data-cart-count]', count));
$favouritesCount.listen((count) => renderCount('[data-favourites-count]', count));
$currency.listen(renderPrices);

document.addEventListener('astro:page-load', onPageLoad);
// A page without the ClientRouter (checkout) fires no astro:page-load: this is its page load.
if (!document.querySelector('meta[name="astro-view-transitions-enabled"]')) onPageLoad();
// Prices drawn after the page loaded (the search suggestions) ask to be converted too.
document.addEventListener('shop:render-prices', renderPrices);

// The phone's catalog sheet (its levels, back and close buttons) loads as the menu is first reached.
let catalogMenu: Promise<typeof import('./catalog-menu.ts')> | null = null;
function loadCatalogMenu(event: Event): void {
  const menu = (event.target as Element | null)?.closest?.<HTMLDetailsElement>('[data-catalog-menu]');
  if (!menu || menu.hasAttribute('data-enhanced')) return;
  catalogMenu ??= import('./catalog-menu.ts');
  void catalogMenu.then(({ enhanceCatalogMenu }) => enhanceCatalogMenu(menu));
}
document.addEventListener('pointerdown', loadCatalogMenu);
document.addEventListener('focusin', loadCatalogMenu);
document.addEventListener('toggle', loadCatalogMenu, true);

// The search box's suggestions load with its first focus, not with every page.
let searchSuggest: Promise<typeof import('./search-suggest.ts')> | null = null;
document.addEventListener('focusin', (event) => {
  const input = event.target as HTMLElement;
  if (!(input instanceof HTMLInputElement) || !input.hasAttribute('data-site-search')) return;
  searchSuggest ??= import('./search-suggest.ts');
  void searchSuggest.then(({ attachSuggestions }) => attachSuggestions(input));
});
// In-page navigation replaces <html>'s attributes with the new page's: keep the header's session state.
document.addEventListener('astro:after-swap', () => {
  if (hasSessionCookie()) document.documentElement.setAttribute('data-session', '');
});

document.addEventListener('change', (event) => {
  const target = event.target as HTMLElement;
  if (target.matches('[data-currency-select]')) {
    const value = (target as HTMLSelectElement).value;
    if (isDisplayCurrency(value)) setCurrency(value);
  }
});

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const menu = document.querySelector<HTMLDetailsElement>('[data-catalog-menu][open]');
  if (menu && !menu.contains(target)) menu.removeAttribute('open');
});

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape')
    document.querySelector<HTMLDetailsElement>('[data-catalog-menu][open]')?.removeAttribute('open');
});

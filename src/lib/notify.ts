/**
 * Toasts (brief §8, §9). react-toastify loads with the first toast, not with the page: until then the
 * shell's Toaster island renders nothing, and react-toastify queues a toast raised before its
 * container mounts. `toast` and `ToastContainer` come from the same (unstyled) entry to share one
 * queue; the styles are the bundled CSS file, not an injected <style>.
 */

/** Toast texts fixed by the brief (§8). */
export const NOTICES = {
  addedToCart: 'Товар добавлен в корзину',
  removedFromCart: 'Товар удален из корзины',
  addedToFavourites: 'Товар добавлен в избранное',
  removedFromFavourites: 'Товар удален из избранных',
  loggedOut: 'Вы вышли из системы',
} as const;

/** Dispatched on `window` before the first toast, so the Toaster island mounts its container. */
export const TOAST_REQUESTED_EVENT = 'shop:toast-requested';

export const loadToastify = () => import('react-toastify/unstyled');

function show(kind: 'success' | 'error', text: string): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_REQUESTED_EVENT));
  void loadToastify().then(({ toast }) => toast[kind](text));
}

export function notifySuccess(text: string): void {
  show('success', text);
}

export function notifyError(text: string): void {
  show('error', text);
}

// The unstyled entry, as in Toaster.tsx: `toast` and `ToastContainer` must come from the same entry to
// share one queue, and this one leaves styling to the bundled CSS file instead of an injected <style>.
import { toast } from 'react-toastify/unstyled';

/** Toast texts fixed by the brief (§8). */
export const NOTICES = {
  addedToCart: 'Товар добавлен в корзину',
  removedFromCart: 'Товар удален из корзины',
  addedToFavourites: 'Товар добавлен в избранное',
  removedFromFavourites: 'Товар удален из избранных',
  loggedOut: 'Вы вышли из системы',
} as const;

export function notifySuccess(text: string): void {
  toast.success(text);
}

export function notifyError(text: string): void {
  toast.error(text);
}

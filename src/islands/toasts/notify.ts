/**
 * Toasts (brief §8, §9). react-toastify, its styles and the toast area load with the first toast,
 * not with the page (toast-root.tsx); react-toastify queues a toast raised before its container has
 * mounted.
 */

/** Toast texts fixed by the brief (§8). */
export const NOTICES = {
  addedToCart: 'Товар добавлен в корзину',
  removedFromCart: 'Товар удален из корзины',
  addedToFavourites: 'Товар добавлен в избранное',
  removedFromFavourites: 'Товар удален из избранных',
  loggedOut: 'Вы вышли из системы',
  orderPlaced: 'Заказ оформлен',
} as const;

import type { ToastAction } from './toast-action.ts';

export type { ToastAction };

type Show = ReturnType<typeof import('./toast-root.tsx').mountToastArea>;
let toastArea: Promise<Show> | null = null;

function show(kind: 'success' | 'error', text: string, action?: ToastAction, travels = false): void {
  if (typeof window === 'undefined') return;
  toastArea ??= import('./toast-root.tsx').then(({ mountToastArea }) => mountToastArea());
  void toastArea.then((raise) => raise(kind, text, action, travels));
}

export function notifySuccess(text: string, action?: ToastAction): void {
  show('success', text, action);
}

/**
 * A success toast about a move to another page, raised just before it (logging out goes home): it stays
 * through the move, where any other toast goes with the page it was raised on.
 */
export function notifyAcrossNavigation(text: string, action?: ToastAction): void {
  show('success', text, action, true);
}

export function notifyError(text: string, action?: ToastAction): void {
  show('error', text, action);
}

/** Where a toast waits for the next page when the current one is left by a full page load. */
export const PENDING_TOAST_KEY = 'pending-toast';

/** A success toast for the page about to be opened (checkout leaves by a full page load). */
export function notifyOnNextPage(text: string): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, text);
  } catch {
    // Storage refused (private mode): the next page simply shows no toast.
  }
}

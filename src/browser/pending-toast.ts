/**
 * A toast left for this page by one that ended with a full page load (checkout's «Заказ оформлен»).
 * The key is `islands/toasts/notify.ts`'s PENDING_TOAST_KEY, written out so every page does not load
 * the toast code.
 */
export function showPendingToast(): void {
  let text: string | null = null;
  try {
    text = sessionStorage.getItem('pending-toast');
    sessionStorage.removeItem('pending-toast');
  } catch {
    return;
  }
  if (text) void import('~/islands/toasts/notify.ts').then(({ notifySuccess }) => notifySuccess(text));
}

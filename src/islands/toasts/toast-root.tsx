import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import '~/styles/toasts.css';
import * as toastify from 'react-toastify/unstyled';
import type { ToastAction } from './toast-action.ts';
import ToastArea from './ToastArea.tsx';

/**
 * Mounts the toast area (brief §2, §9) into its own React root at the end of <body>, once, when the
 * first toast is raised: pages load neither react-toastify nor its styles until then, and a page
 * without other islands does not load React at all. The ClientRouter replaces <body> on navigation,
 * so the host is put back after each swap. Returns a function that raises a toast through
 * react-toastify's `toast` from the same entry as the container (one queue).
 *
 * A toast belongs to the page it was raised on and goes when the visitor moves on, unless it tells of
 * the move itself (`travels`: «Вы вышли из системы» on the way home). On a phone one toast shows at a
 * time, the newest: two stacked covered ~40 % of the screen.
 */
export function mountToastArea(): (
  kind: 'success' | 'error',
  text: string,
  action?: ToastAction,
  travels?: boolean,
) => void {
  const host = document.createElement('div');
  host.className = 'toast-host';
  document.body.append(host);
  createRoot(host).render(<ToastArea />);
  const pageBound = new Set<toastify.Id>();
  document.addEventListener('astro:before-swap', () => {
    for (const id of pageBound) toastify.toast.dismiss(id);
    pageBound.clear();
  });
  document.addEventListener('astro:after-swap', () => {
    if (!host.isConnected) document.body.append(host);
  });
  const phone = window.matchMedia('(max-width: 767px)');
  return (kind, text, action, travels = false) => {
    if (phone.matches) toastify.toast.dismiss();
    const id = toastify.toast[kind](action ? <ToastBody text={text} action={action} /> : text);
    if (!travels) pageBound.add(id);
  };
}

/** A toast with a next step: «Перейти в корзину» after adding to the cart, and the like. */
function ToastBody({ text, action }: { text: string; action: ToastAction }) {
  return (
    <div className="toast-body">
      <p>{text}</p>
      <a className="toast-action" href={action.href}>
        {action.label}
      </a>
    </div>
  );
}

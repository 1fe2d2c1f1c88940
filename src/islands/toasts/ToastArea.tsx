import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';

function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label="Закрыть уведомление"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** The toast container itself (brief §2, §9): top right, closing after 5000 ms. */
export default function ToastArea() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={3}
      newestOnTop
      closeButton={CloseButton}
      aria-label="Уведомления"
    />
  );
}

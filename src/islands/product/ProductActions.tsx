import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { $cart } from '~/stores/cart.ts';
import { $favourites } from '~/stores/favourites.ts';
import { addToCartAndNotify, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';
import { replayEarlyTaps } from '~/browser/early-taps.ts';
import QuantityField from '../quantity/QuantityField.tsx';
import { quantityNotice } from '../quantity/quantity.ts';

interface Props {
  productId: number;
  name: string;
  inStock: boolean;
  /** Units in stock in the country; the quantity cannot go above it. */
  available: number;
  cartHref: string;
  /** The price as the page renders it (static HTML from Astro), repeated in the phone's sticky buy bar. */
  children?: ReactNode;
}

/**
 * Quantity, add to cart and favourite for the product page, plus the phone's sticky buy bar that shows while
 * this block is out of view. The quantity is what the buyer typed: one above the stock (counting what the
 * cart holds) is said beside the field and not added, never cut to the stock.
 * Persisted state shows only after mount (no SSR mismatch).
 */
export default function ProductActions({ productId, name, inStock, available, cartHref, children }: Props) {
  const [mounted, setMounted] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [barShown, setBarShown] = useState(false);
  const block = useRef<HTMLDivElement>(null);
  const cart = useStore($cart);
  const favourites = useStore($favourites);
  useEffect(() => setMounted(true), []);
  // Taps that came before hydration (the buttons carry data-early-tap): answered now, in order.
  useEffect(() => {
    if (mounted) replayEarlyTaps((element) => !!block.current?.contains(element));
  }, [mounted]);
  const early = { 'data-early-tap': 'product', 'data-tap-ready': mounted ? '' : undefined };

  useEffect(() => {
    const element = block.current;
    if (!inStock || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBarShown(!entry!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [inStock]);

  const inCart = mounted ? (cart.find((item) => item.id === productId)?.quantity ?? 0) : 0;
  const room = Math.max(0, available - inCart);
  const favourite = mounted && favourites.includes(productId);
  const notice = mounted ? quantityNotice(quantity, available, inCart) : '';

  const add = () => {
    if (notice) {
      // Nothing is added: the field and what it says beside it are where the buyer decides.
      block.current?.querySelector<HTMLInputElement>(barShown ? '#quantity-bar' : '#quantity')?.focus();
      return;
    }
    if (addToCartAndNotify(productId, quantity, available) > 0) setQuantity(1);
  };

  const stepper = (id: string, noticeId: string) => (
    <QuantityField
      id={id}
      value={quantity}
      onChange={setQuantity}
      max={Math.max(1, room)}
      label="Количество"
      noticeId={notice ? noticeId : undefined}
      onEnter={add}
      buttonProps={early}
    />
  );

  return (
    <div className="product-actions" ref={block}>
      {inStock && stepper('quantity', 'quantity-notice')}
      {inStock && (
        <button type="button" className="btn btn-primary add" onClick={add} {...early}>
          В корзину
        </button>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-icon fav-toggle"
        aria-pressed={favourite}
        aria-label={favourite ? `Убрать из избранного: ${name}` : `В избранное: ${name}`}
        title={favourite ? 'Убрать из избранного' : 'В избранное'}
        {...early}
        onClick={() => toggleFavouriteAndNotify(productId)}
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill={favourite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
        </svg>
      </button>
      <p className="quantity-notice" id="quantity-notice" role="status">
        {notice}
      </p>
      <p className="in-cart" aria-live="polite">
        {inCart > 0 && (
          <>
            В корзине: {inCart} шт. · <a href={cartHref}>Оформить</a>
          </>
        )}
      </p>
      {inStock && (
        <div className="buy-bar" data-shown={barShown} aria-hidden={!barShown} inert={!barShown}>
          {notice && (
            <p className="buy-bar-notice" id="quantity-bar-notice">
              {notice}
            </p>
          )}
          <div className="buy-bar-price">{children}</div>
          {stepper('quantity-bar', 'quantity-bar-notice')}
          <button type="button" className="btn btn-primary" onClick={add} {...early}>
            В корзину
          </button>
        </div>
      )}
    </div>
  );
}

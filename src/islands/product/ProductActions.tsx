import { STOCK_TEXT } from '~/shared/stock.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { $cart } from '~/stores/cart.ts';
import { $favourites } from '~/stores/favourites.ts';
import { addToCartAndNotify, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';
import { replayEarlyTaps } from '~/browser/early-taps.ts';

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
 * this block is out of view. A quantity above the stock is cut to it, and the buyer is told so.
 * Persisted state shows only after mount (no SSR mismatch).
 */
export default function ProductActions({ productId, name, inStock, available, cartHref, children }: Props) {
  const [mounted, setMounted] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState('');
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
  const max = Math.max(1, available);

  const change = (n: number) => {
    const wanted = Number.isFinite(n) ? Math.max(1, Math.floor(n)) : 1;
    setQuantity(Math.min(max, wanted));
    setNotice(wanted > max ? STOCK_TEXT.onlyAvailable(available) : '');
  };

  const add = () => {
    if (room === 0) {
      setNotice(STOCK_TEXT.allInCart(available));
      return;
    }
    const amount = Math.min(quantity, room);
    setNotice(
      amount < quantity
        ? `${STOCK_TEXT.onlyAvailable(available)} В корзине было ${inCart}, добавили ${amount} шт.`
        : '',
    );
    addToCartAndNotify(productId, amount);
  };

  const stepper = (id: string) => (
    <div className="stepper" role="group" aria-label="Количество">
      <button
        type="button"
        className="btn btn-secondary btn-icon"
        {...early}
        onClick={() => change(quantity - 1)}
        disabled={quantity <= 1}
        aria-label="Уменьшить количество"
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={quantity}
        onChange={(event) => change(Number(event.target.value))}
        aria-label="Количество"
        aria-describedby={notice ? 'quantity-notice' : undefined}
      />
      <button
        type="button"
        className="btn btn-secondary btn-icon"
        {...early}
        onClick={() => change(quantity + 1)}
        disabled={quantity >= max}
        aria-label="Увеличить количество"
      >
        +
      </button>
    </div>
  );

  return (
    <div className="product-actions" ref={block}>
      {inStock && stepper('quantity')}
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
          {notice && <p className="buy-bar-notice">{notice}</p>}
          <div className="buy-bar-price">{children}</div>
          {stepper('quantity-bar')}
          <button type="button" className="btn btn-primary" onClick={add} {...early}>
            В корзину
          </button>
        </div>
      )}
    </div>
  );
}

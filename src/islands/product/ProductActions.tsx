import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { $cart } from '~/stores/cart.ts';
import { $favourites } from '~/stores/favourites.ts';
import { addToCartAndNotify, stockNotice, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';

interface Props {
  productId: number;
  name: string;
  inStock: boolean;
  /** Units in stock in the country; the quantity cannot go above it. */
  available: number;
  cartHref: string;
  /** The price as the page rendered it, repeated in the phone's buy bar. */
  children?: ReactNode;
}

/** Quantity, add to cart and favourite for the product page. Persisted state shows only after mount (no SSR mismatch). */
export default function ProductActions({ productId, name, inStock, available, cartHref, children }: Props) {
  const [mounted, setMounted] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState('');
  const [barShown, setBarShown] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const cart = useStore($cart);
  const favourites = useStore($favourites);
  useEffect(() => setMounted(true), []);
  // The phone's buy bar shows while these actions are off screen (CSS keeps it to phones).
  useEffect(() => {
    const element = actions.current;
    if (!element || !inStock || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBarShown(!entry!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [inStock]);

  const inCart = mounted ? (cart.find((item) => item.id === productId)?.quantity ?? 0) : 0;
  const favourite = mounted && favourites.includes(productId);
  // What may still go into the cart: the stock less what the cart already holds.
  const room = Math.max(0, available - inCart);
  const max = Math.max(1, room);
  const soldOutInCart = inStock && mounted && room === 0;
  /** Keeps the quantity within 1…max, and says so when a typed or stepped amount was cut. */
  const choose = (n: number) => {
    const wanted = Number.isFinite(n) ? Math.floor(n) : 1;
    const next = Math.min(max, Math.max(1, wanted));
    setQuantity(next);
    setNotice(wanted > max ? stockNotice(available, inCart) : '');
  };
  const add = () => {
    const added = addToCartAndNotify(productId, quantity, available);
    setNotice(added < quantity ? stockNotice(available, inCart + added) : '');
    setQuantity(1);
  };

  return (
    <div className="product-actions" ref={actions}>
      {inStock && (
        <div className="stepper" role="group" aria-label="Количество">
          <button type="button" className="btn btn-secondary btn-icon" onClick={() => choose(quantity - 1)} disabled={quantity <= 1} aria-label="Уменьшить количество">
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={quantity}
            onChange={(event) => choose(Number(event.target.value))}
            aria-describedby={notice ? `stock-notice-${productId}` : undefined}
            aria-label="Количество"
          />
          <button type="button" className="btn btn-secondary btn-icon" onClick={() => choose(quantity + 1)} disabled={quantity >= max} aria-label="Увеличить количество">
            +
          </button>
        </div>
      )}
      <button type="button" className="btn btn-primary add" disabled={!inStock || soldOutInCart} onClick={add}>
        {inStock ? 'В корзину' : 'Нет в наличии'}
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-icon fav-toggle"
        aria-pressed={favourite}
        aria-label={favourite ? `Убрать из избранного: ${name}` : `В избранное: ${name}`}
        title={favourite ? 'Убрать из избранного' : 'В избранное'}
        onClick={() => toggleFavouriteAndNotify(productId)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill={favourite ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
        </svg>
      </button>
      <p className="stock-notice" id={`stock-notice-${productId}`} role="status">
        {notice || (soldOutInCart ? stockNotice(available, inCart) : '')}
      </p>
      {inStock && (
        <div className="buy-bar" data-shown={barShown} inert={!barShown} aria-label="Покупка" role="region">
          <div className="buy-bar-price">{children}</div>
          <div className="stepper stepper-sm" role="group" aria-label="Сколько штук">
            <button type="button" className="btn btn-secondary btn-icon" onClick={() => choose(quantity - 1)} disabled={quantity <= 1} aria-label="Меньше">
              −
            </button>
            <output aria-live="polite">{quantity}</output>
            <button type="button" className="btn btn-secondary btn-icon" onClick={() => choose(quantity + 1)} disabled={quantity >= max} aria-label="Больше">
              +
            </button>
          </div>
          <button type="button" className="btn btn-primary" disabled={soldOutInCart} onClick={add} aria-label={`В корзину: ${quantity} шт.`}>
            В корзину
          </button>
        </div>
      )}
      <p className="in-cart" aria-live="polite">
        {inCart > 0 && (
          <>
            В корзине: {inCart} шт. · <a href={cartHref}>Оформить</a>
          </>
        )}
      </p>
    </div>
  );
}

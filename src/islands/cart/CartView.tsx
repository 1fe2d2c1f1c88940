import { DELIVERY, deliveryPriceText, freeDeliveryHint, quoteDelivery } from '~/shared/delivery.ts';
import { imageSources } from '~/shared/media.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CountryCode, Exchange } from '~/lib/api/types.ts';
import { formatMoney, toDisplayCurrency, type DisplayCurrency } from '~/shared/money.ts';
import { goodsCount } from '~/shared/goods-count.ts';
import { stockProblem, stockProblemText } from '~/shared/stock.ts';
import { $cartIds, clearCart, setQuantity } from '~/stores/cart.ts';
import { $cartLines, $cartProductsState, $cartSubtotal, loadCartProducts } from '~/stores/cart-products.ts';
import { removeFromCartAndNotify } from '~/stores/shop-actions.ts';
import { usePriceFormat } from '../hooks/use-price-format.ts';
import QuantityField from '../quantity/QuantityField.tsx';

interface Props {
  country: CountryCode;
  countryName: string;
  countryCurrency: DisplayCurrency;
  exchange: Exchange | null;
  productHref: string;
  catalogHref: string;
  checkoutHref: string;
}

/** The cart page: lines from localStorage joined with fresh prices for the country. */
export default function CartView({
  country,
  countryName,
  countryCurrency,
  exchange,
  productHref,
  catalogHref,
  checkoutHref,
}: Props) {
  const [mounted, setMounted] = useState(false);
  const lines = useStore($cartLines);
  const ids = useStore($cartIds);
  const state = useStore($cartProductsState);
  const subtotal = useStore($cartSubtotal);
  const format = usePriceFormat(exchange, countryCurrency);
  const idsKey = ids.join(',');

  useEffect(() => setMounted(true), []);
  useEffect(() => {
    void loadCartProducts(country);
  }, [country, idsKey]);

  // Until the stored cart is read, and while its products load: grey bars where the text will be, not words
  // that flash by («Загружаем товар… Итого —») on a slow phone.
  if (!mounted)
    return (
      <div className="cart-loading card" role="status">
        <span className="skeleton" />
        <span className="skeleton skeleton-short" />
        <span className="visually-hidden">Загружаем корзину…</span>
      </div>
    );
  if (lines.length === 0) {
    return (
      <div className="cart-empty card">
        <h2>Корзина пуста</h2>
        <p className="muted">Добавьте товары из каталога — они сохранятся в этом браузере.</p>
        <a className="btn btn-primary" href={catalogHref}>
          Перейти в каталог
        </a>
      </div>
    );
  }

  // A line that cannot be ordered as it is (too many, sold out, not sold here) stops the checkout here,
  // before a form is filled, not after it.
  const blocked = lines.filter(
    (line) =>
      state.status === 'succeeded' &&
      stockProblem(line.product ? { stock: line.product.quantity } : null, line.quantity),
  ).length;

  return (
    <div className="cart">
      <ul className="cart-lines">
        {lines.map((line) => {
          const product = line.product;
          const loading = !product && state.status === 'pending';
          const unavailable = !product && !loading;
          const problem = product ? stockProblem({ stock: product.quantity }, line.quantity) : null;
          const warningId = `cart-warning-${line.id}`;
          return (
            <li key={line.id} className="cart-line card">
              {product ? (
                <a
                  href={productHref.replace('__slug__', product.slug)}
                  className="cart-image"
                  aria-hidden="true"
                  tabIndex={-1}
                >
                  <img src={imageSources(product.images[0], 96).src} alt="" width="96" height="96" loading="lazy" />
                </a>
              ) : (
                <span className="cart-image" />
              )}
              <div className="cart-info">
                {product ? (
                  <>
                    <a className="cart-name" href={productHref.replace('__slug__', product.slug)}>
                      {product.name}
                    </a>
                    <p className="cart-sku">Арт. {product.sku}</p>
                    {product.price && (
                      <p className="cart-unit muted small">
                        {format(product.price, product.currency)} за шт.
                        {product.list_price && product.list_price !== product.price && (
                          <>
                            {' '}
                            · Розничная цена <s>{format(product.list_price, product.currency)}</s>
                          </>
                        )}
                      </p>
                    )}
                    {problem ? (
                      <div className="cart-warning" id={warningId}>
                        <p>
                          {stockProblemText(problem, country)}{' '}
                          {problem.kind === 'too_many' ? '' : 'Уберите товар или дождитесь поступления.'}
                        </p>
                        {problem.kind === 'too_many' && (
                          <button
                            type="button"
                            className="btn btn-secondary"
                            onClick={() => setQuantity(line.id, problem.available)}
                          >
                            Уменьшить до {problem.available} шт.
                          </button>
                        )}
                      </div>
                    ) : (
                      <p className="cart-stock muted small">В наличии: {product.quantity} шт.</p>
                    )}
                  </>
                ) : loading ? (
                  <p className="skeleton-lines" role="status">
                    <span className="skeleton" />
                    <span className="skeleton skeleton-short" />
                    <span className="visually-hidden">Загружаем товар…</span>
                  </p>
                ) : (
                  unavailable && <p className="cart-warning">{stockProblemText({ kind: 'not_sold' }, country)}</p>
                )}
              </div>
              <div className="cart-qty">
                <QuantityField
                  value={line.quantity}
                  onChange={(quantity) => setQuantity(line.id, quantity)}
                  max={product?.in_stock ? product.quantity : undefined}
                  label={`Количество: ${product?.name ?? 'товар'}`}
                  noticeId={problem ? warningId : undefined}
                />
                <p className="cart-sum">
                  {product?.price ? (
                    format((Number(product.price) * line.quantity).toFixed(2), product.currency)
                  ) : loading ? (
                    <span className="skeleton skeleton-sum" />
                  ) : (
                    '—'
                  )}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-icon cart-remove"
                onClick={() => removeFromCartAndNotify(line.id)}
                aria-label={`Удалить из корзины: ${product?.name ?? 'товар'}`}
              >
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  aria-hidden="true"
                >
                  <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
      <aside className="cart-summary card" aria-label="Итого">
        <p className="cart-count muted">Товары — {goodsCount(lines)}</p>
        {/* Delivery is added in checkout, once the city and the way are known: the total says it is not in it. */}
        <p className="cart-total">
          <span>
            Итого <span className="cart-total-note">без доставки</span>
          </span>
          <strong>
            {subtotal ? (
              format(subtotal.amount.toFixed(2), subtotal.currency)
            ) : state.status === 'pending' ? (
              <span className="skeleton skeleton-sum" />
            ) : (
              '—'
            )}
          </strong>
        </p>
        {subtotal &&
          format(subtotal.amount.toFixed(2), subtotal.currency) !==
            formatMoney(subtotal.amount, toDisplayCurrency(subtotal.currency)) && (
            <p className="cart-total-own muted small">
              К оплате в валюте страны: {formatMoney(subtotal.amount, toDisplayCurrency(subtotal.currency))}
            </p>
          )}
        {subtotal && subtotal.missing > 0 && (
          <p className="muted small">Без учёта товаров, которых нет в наличии или в продаже.</p>
        )}
        {subtotal && subtotal.orderable > 0 && (
          <p className="cart-delivery small">{deliveryNote(country, subtotal.amount)}</p>
        )}
        {subtotal && subtotal.orderable > 0 && blocked > 0 ? (
          <>
            <p className="cart-warning" id="cart-blocked">
              {blocked === 1 ? 'В одной строке корзины' : `В строках корзины (${blocked})`} есть замечания: исправьте
              их, чтобы оформить заказ.
            </p>
            <button
              type="button"
              className="btn btn-primary cart-checkout"
              aria-disabled="true"
              aria-describedby="cart-blocked"
              onClick={() =>
                document.querySelector<HTMLElement>('.cart-line .cart-warning')?.scrollIntoView({ block: 'center' })
              }
            >
              Оформить заказ
            </button>
          </>
        ) : subtotal && subtotal.orderable > 0 ? (
          <a className="btn btn-primary cart-checkout" href={checkoutHref} data-astro-reload>
            Оформить заказ
          </a>
        ) : state.status === 'pending' ? (
          <span className="skeleton skeleton-button" />
        ) : (
          <p className="muted small">Оформить заказ можно, когда в корзине есть товары в наличии.</p>
        )}
        <p className="muted small">
          Цены для страны «{countryName}». При оформлении заказа сумма пересчитывается по актуальным ценам и остаткам.
        </p>
        {state.status === 'failed' && (
          <p className="cart-warning">Не удалось обновить цены: {state.errorMessage}. Обновите страницу.</p>
        )}
        <button type="button" className="btn btn-secondary" onClick={clearCart}>
          Очистить корзину
        </button>
      </aside>
    </div>
  );
}

/** The main city's courier delivery for these goods: what it costs, or how much more makes it free. */
function deliveryNote(country: CountryCode, goods: number): string {
  const city = DELIVERY[country].mainCity;
  const quote = quoteDelivery(country, { method: 'courier', city: city.name }, goods);
  if (quote.kind !== 'courier') return `Доставка ${city.within} — бесплатно. Самовывоз — бесплатно.`;
  return `Доставка ${city.within} — ${deliveryPriceText(country, quote)}. ${freeDeliveryHint(country, quote)}`;
}

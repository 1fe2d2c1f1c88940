import { useStore } from '@nanostores/react';
import { imageSources } from '~/shared/media.ts';
import { useEffect, useState } from 'react';
import type { CountryCode, Exchange } from '~/lib/api/types.ts';
import type { DisplayCurrency } from '~/shared/money.ts';
import { $favourites } from '~/stores/favourites.ts';
import { $favouriteItems, $favouriteProductsState, loadFavouriteProducts } from '~/stores/favourite-products.ts';
import { addToCartAndNotify, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';
import { usePriceFormat } from '../hooks/use-price-format.ts';

interface Props {
  country: CountryCode;
  countryCurrency: DisplayCurrency;
  exchange: Exchange | null;
  productHref: string;
  catalogHref: string;
}

/** The favourites page: ids from localStorage joined with fresh products for the country. */
export default function FavouritesView({ country, countryCurrency, exchange, productHref, catalogHref }: Props) {
  const [mounted, setMounted] = useState(false);
  const ids = useStore($favourites);
  const items = useStore($favouriteItems);
  const state = useStore($favouriteProductsState);
  const format = usePriceFormat(exchange, countryCurrency);

  useEffect(() => setMounted(true), []);
  const idsKey = ids.join(',');
  useEffect(() => {
    void loadFavouriteProducts(country);
  }, [country, idsKey]);

  if (!mounted) return <p className="cart-loading">Загружаем избранное…</p>;
  if (items.length === 0) {
    return (
      <div className="cart-empty card">
        <h2>В избранном пока пусто</h2>
        <p className="muted">Отмечайте товары сердечком, чтобы вернуться к ним позже.</p>
        <a className="btn btn-primary" href={catalogHref}>
          Перейти в каталог
        </a>
      </div>
    );
  }
  return (
    <ul className="grid-products favourites">
      {items.map(({ id, product }) => (
        <li key={id} className="card fav-card">
          {product ? (
            <>
              <a
                href={productHref.replace('__slug__', product.slug)}
                className="fav-image"
                tabIndex={-1}
                aria-hidden="true"
              >
                <img src={imageSources(product.images[0], 300).src} alt="" width="300" height="300" loading="lazy" />
              </a>
              <div className="fav-body">
                <a className="cart-name" href={productHref.replace('__slug__', product.slug)}>
                  {product.name}
                </a>
                <p className="fav-price">{format(product.price, product.currency)}</p>
                <div className="fav-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={!product.in_stock}
                    onClick={() => addToCartAndNotify(product.id, 1, product.quantity)}
                  >
                    {product.in_stock ? 'В корзину' : 'Нет в наличии'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-icon"
                    onClick={() => toggleFavouriteAndNotify(id)}
                    aria-label={`Убрать из избранного: ${product.name}`}
                  >
                    ✕
                  </button>
                </div>
              </div>
            </>
          ) : (
            <div className="fav-body">
              <p className="muted">
                {state.status === 'pending'
                  ? 'Загружаем товар…'
                  : 'Товар не продаётся в этой стране или снят с продажи'}
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => toggleFavouriteAndNotify(id)}>
                Убрать
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

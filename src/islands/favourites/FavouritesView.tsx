import { useStore } from '@nanostores/react';
import { imageSources } from '~/shared/media.ts';
import { useEffect, useState, type CSSProperties } from 'react';
import { compareProducts } from '~/lib/api/catalog.ts';
import type { CountryCode, Exchange, ProductComparison, ProductListItem } from '~/lib/api/types.ts';
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

// The units of the specifications that say how much a pack holds («Количество в упаковке, шт», «Объём,
// мл», «Масса, г»), in the order they are taken for the price per unit.
const PACK_UNITS = ['шт', 'мл', 'г'];

/** How much one pack holds, when a specification says so: the price per unit is the price over it. */
function packSize(
  values: Record<string, string> | undefined,
  specifications: ProductComparison['specifications'],
): { amount: number; unit: string } | null {
  for (const unit of PACK_UNITS) {
    for (const spec of specifications) {
      if (spec.unit !== unit) continue;
      const amount = Number(values?.[spec.slug]?.replace(',', '.'));
      if (amount > 0) return { amount, unit };
    }
  }
  return null;
}

type Group = { category: ProductListItem['category']; products: ProductListItem[] };

/**
 * The favourites page as a comparison table (issue 36): one table per category, a column per product
 * (photo, name, removal), rows for the price, the price per unit where the pack size is known, stock,
 * brand, SKU and the category's filter specifications. On phones the columns swipe, snapping one by one,
 * beside the row names that stay in place. The ids stay in localStorage (`fav`); products and their
 * specifications are fetched fresh for the country.
 */
export default function FavouritesView({ country, countryCurrency, exchange, productHref, catalogHref }: Props) {
  const [mounted, setMounted] = useState(false);
  const ids = useStore($favourites);
  const items = useStore($favouriteItems);
  const state = useStore($favouriteProductsState);
  const format = usePriceFormat(exchange, countryCurrency);
  const [comparison, setComparison] = useState<ProductComparison | null>(null);

  useEffect(() => setMounted(true), []);
  const idsKey = ids.join(',');
  useEffect(() => {
    void loadFavouriteProducts(country);
  }, [country, idsKey]);
  useEffect(() => {
    if (!idsKey) return;
    let live = true;
    // Without it the table still compares prices and stock; the specifications rows wait for it.
    compareProducts(idsKey.split(',').map(Number).slice(0, 100))
      .then((answer) => live && setComparison(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [idsKey]);

  if (!mounted) return <p className="cart-loading">Загружаем избранное…</p>;
  if (items.length === 0) {
    return (
      <div className="cart-empty card">
        <h2>В избранном пока пусто</h2>
        <p className="muted">Отмечайте товары сердечком, чтобы сравнить их здесь и вернуться к ним позже.</p>
        <a className="btn btn-primary" href={catalogHref}>
          Перейти в каталог
        </a>
      </div>
    );
  }

  const groups: Group[] = [];
  for (const { product } of items) {
    if (!product) continue;
    const group = groups.find((g) => g.category.id === product.category.id);
    if (group) group.products.push(product);
    else groups.push({ category: product.category, products: [product] });
  }
  const missing = items.filter((item) => !item.product);
  const valuesOf = (id: number) => comparison?.products.find((p) => p.id === id)?.values;
  const href = (product: ProductListItem) => productHref.replace('__slug__', product.slug);

  return (
    <div className="compare">
      {groups.map(({ category, products }) => {
        const specs = (comparison?.specifications ?? []).filter((spec) =>
          products.some((p) => valuesOf(p.id)?.[spec.slug]),
        );
        const packs = products.map((p) => packSize(valuesOf(p.id), specs));
        // Each row: its name, a product's cell, and the row's class.
        const rows: [string, (p: ProductListItem, i: number) => string, string?][] = [
          ['Цена', (p) => format(p.price, p.currency), 'compare-price'],
          ...(packs.some(Boolean)
            ? [
                [
                  'Цена за единицу',
                  (p: ProductListItem, i: number) => {
                    const pack = packs[i];
                    return pack && p.price
                      ? `${format((Number(p.price) / pack.amount).toFixed(2), p.currency)} / ${pack.unit}`
                      : '—';
                  },
                ] as [string, (p: ProductListItem, i: number) => string],
              ]
            : []),
          ['Наличие', (p) => (p.in_stock ? `В наличии: ${p.quantity.toLocaleString('ru-RU')} шт.` : 'Нет в наличии')],
          ['Бренд', (p) => p.brand?.name ?? '—'],
          ['Артикул', (p) => p.sku],
          ...specs.map((spec): [string, (p: ProductListItem) => string] => [
            spec.name,
            (p) => {
              const value = valuesOf(p.id)?.[spec.slug];
              return value ? `${value}${spec.unit ? ` ${spec.unit}` : ''}` : '—';
            },
          ]),
        ];
        const headingId = `compare-${category.id}`;
        return (
          <section key={category.id} className="compare-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="compare-title">
              {category.name} <span className="muted">· {products.length}</span>
            </h2>
            {/* Its links and buttons take the keyboard's focus, and the browser scrolls them into view. */}
            <div className="compare-scroll">
              <table className="compare-table" style={{ '--compare-count': products.length } as CSSProperties}>
                <thead>
                  <tr>
                    <td className="compare-corner" />
                    {products.map((product) => (
                      <th key={product.id} scope="col" className="compare-product">
                        <button
                          type="button"
                          className="btn btn-secondary btn-icon compare-remove"
                          onClick={() => toggleFavouriteAndNotify(product.id)}
                          aria-label={`Убрать из избранного: ${product.name}`}
                        >
                          ✕
                        </button>
                        <a href={href(product)} className="compare-image" tabIndex={-1} aria-hidden="true">
                          <img
                            src={imageSources(product.images[0], 300).src}
                            alt=""
                            width="150"
                            height="150"
                            loading="lazy"
                          />
                        </a>
                        <a className="compare-name" href={href(product)}>
                          {product.name}
                        </a>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map(([label, cell, className]) => (
                    <tr key={label} className={className}>
                      <th scope="row">{label}</th>
                      {products.map((p, i) => (
                        <td key={p.id}>{cell(p, i)}</td>
                      ))}
                    </tr>
                  ))}
                  <tr className="compare-actions">
                    <th scope="row">
                      <span className="visually-hidden">Купить</span>
                    </th>
                    {products.map((p) => (
                      <td key={p.id}>
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={!p.in_stock}
                          onClick={() => addToCartAndNotify(p.id, 1, p.quantity)}
                          aria-label={p.in_stock ? `В корзину: ${p.name}` : undefined}
                        >
                          {p.in_stock ? 'В корзину' : 'Нет в наличии'}
                        </button>
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      {missing.length > 0 && (
        <ul className="compare-missing">
          {missing.map(({ id }) => (
            <li key={id} className="card">
              <p className="muted">
                {state.status === 'pending'
                  ? 'Загружаем товар…'
                  : 'Товар не продаётся в этой стране или снят с продажи'}
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => toggleFavouriteAndNotify(id)}>
                Убрать
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { CountryCode } from '~/shared/countries.ts';
import { paths } from '~/shared/paths.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import { stockText } from './stock-words.ts';
import { toListItems, type ListItem } from './list-item.ts';
import { addLinesToCart } from './to-cart.ts';

const listsApi = () => import('~/lib/api/clinic-lists.ts');

interface Props {
  country: CountryCode;
  clinicId: number;
  listId: number;
  name: string;
  items: ListItem[];
  cartHref: string;
  clinicHref: string;
}

/**
 * A clinic's list, as every member edits it: the name, each line's quantity, lines removed, products added
 * by pasting their SKUs; saved with one button. «Добавить всё в корзину» adds what the country sells now
 * and says what it could not.
 */
export default function ClinicListEditor({ country, clinicId, listId, name, items, cartHref, clinicHref }: Props) {
  const [title, setTitle] = useState(name);
  const [lines, setLines] = useState(items);
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ text: string; problems?: string[]; error?: boolean } | null>(null);
  const [pasted, setPasted] = useState('');

  const change = (next: ListItem[]) => {
    setLines(next);
    setDirty(true);
  };
  const setQuantity = (id: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const quantity = Math.max(1, Math.min(999, Math.floor(Number(event.target.value)) || 1));
    change(lines.map((line) => (line.id === id ? { ...line, quantity } : line)));
  };

  async function run(action: () => Promise<void>) {
    if (pending) return;
    setPending(true);
    try {
      await action();
    } catch (error) {
      setStatus({ text: apiErrorMessage(error), error: true });
    } finally {
      setPending(false);
    }
  }

  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const { updateClinicList } = await listsApi();
      await updateClinicList(clinicId, listId, { name: title.trim(), items: toListItems(lines) });
      setDirty(false);
      setStatus({ text: 'Список сохранён.' });
    });
  };

  const addPasted = () =>
    run(async () => {
      if (!pasted.trim()) return setStatus({ text: 'Вставьте строки: артикул и количество.', error: true });
      const { resolveLines } = await listsApi();
      const found = await resolveLines(country, pasted);
      const next = [...lines];
      for (const { product, quantity } of found.lines) {
        const present = next.findIndex((line) => line.id === product.id);
        if (present >= 0) next[present] = { ...next[present]!, quantity: next[present]!.quantity + quantity };
        else
          next.push({
            id: product.id,
            name: product.name,
            sku: product.sku,
            quantity,
            price: product.price,
            stock: product.stock,
            href: paths.product(country, product.slug),
            imageSrc: '/images/placeholder.svg',
            priceText: null,
          });
      }
      // Products found but short in stock still belong in a list.
      for (const problem of found.errors)
        if (problem.product && problem.code !== 'not_sold' && !next.some((l) => l.id === problem.product!.id))
          next.push({
            id: problem.product.id,
            name: problem.product.name,
            sku: problem.product.sku,
            quantity: problem.available ?? 1,
            price: problem.product.price,
            stock: problem.product.stock,
            href: paths.product(country, problem.product.slug),
            imageSrc: '/images/placeholder.svg',
            priceText: null,
          });
      change(next);
      setPasted('');
      setStatus({
        text: `Найдено строк: ${found.lines.length}. Сохраните список, чтобы коллеги увидели изменения.`,
        problems: found.errors.map((e) => `Строка ${e.line} «${e.text}»: ${e.message} ${e.hint}`),
      });
    });

  const toCart = () => {
    const { added, problems } = addLinesToCart(lines, country);
    setStatus({
      text: added ? `В корзину добавлено ${added} шт.` : 'Ничего не добавлено: этих товаров сейчас нет.',
      problems,
    });
  };

  const remove = () =>
    run(async () => {
      if (!window.confirm(`Удалить список «${name}»?`)) return;
      const { deleteClinicList } = await listsApi();
      await deleteClinicList(clinicId, listId);
      window.location.assign(clinicHref);
    });

  return (
    <div className="clinic-list">
      <form className="clinic-list-form" onSubmit={save}>
        <div className="field">
          <label htmlFor="list-name">Название списка</label>
          <input
            id="list-name"
            value={title}
            maxLength={100}
            required
            onChange={(e) => {
              setTitle(e.target.value);
              setDirty(true);
            }}
          />
        </div>
        {lines.length === 0 ? (
          <p className="muted">В списке пока нет товаров: добавьте их по артикулам ниже.</p>
        ) : (
          <ul className="clinic-list-lines" aria-label="Товары списка">
            {lines.map((line) => (
              <li key={line.id} className="clinic-list-line">
                <img src={line.imageSrc} alt="" width={48} height={48} loading="lazy" />
                <span className="clinic-list-name">
                  <a href={line.href}>{line.name}</a>
                  <span className="muted small">арт. {line.sku}</span>
                  <span
                    className={`small ${line.price === null || line.stock < line.quantity ? 'clinic-list-short' : 'muted'}`}
                  >
                    {[line.priceText, stockText(line, country)].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <label className="clinic-list-qty">
                  <span className="visually-hidden">Количество «{line.name}»</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={999}
                    value={line.quantity}
                    onChange={setQuantity(line.id)}
                  />
                  <span aria-hidden="true">шт.</span>
                </label>
                <button
                  type="button"
                  className="btn btn-secondary clinic-list-remove"
                  aria-label={`Убрать «${line.name}» из списка`}
                  onClick={() => change(lines.filter((l) => l.id !== line.id))}
                >
                  Убрать
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="clinic-list-actions">
          <button type="button" className="btn btn-primary" onClick={toCart} disabled={lines.length === 0}>
            Добавить всё в корзину
          </button>
          <button type="submit" className="btn btn-secondary" disabled={pending || !dirty}>
            {dirty ? 'Сохранить изменения' : 'Сохранено'}
          </button>
        </div>
        <div className="clinic-list-status" role="status">
          {status && (
            <div className={status.error ? 'notice' : 'notice notice-success'}>
              <p>{status.text}</p>
              {status.problems && status.problems.length > 0 && (
                <ul>
                  {status.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
              {!status.error && status.text.startsWith('В корзину') && <a href={cartHref}>Перейти в корзину</a>}
            </div>
          )}
        </div>
      </form>
      <section className="clinic-list-paste" aria-labelledby="list-paste-heading">
        <h2 id="list-paste-heading" className="heading-sm">
          Добавить товары по артикулам
        </h2>
        <div className="field">
          <label htmlFor="list-paste">Строки «артикул количество», по одной на строку</label>
          <textarea
            id="list-paste"
            rows={4}
            value={pasted}
            placeholder={'3M-Z250-A2 10\nMC-STN-M;5'}
            onChange={(e) => setPasted(e.target.value)}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void addPasted()} disabled={pending}>
          Найти и добавить в список
        </button>
      </section>
      <p>
        <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={pending}>
          Удалить список
        </button>
      </p>
    </div>
  );
}

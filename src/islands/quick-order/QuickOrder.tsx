import { useState } from 'react';
import { FileField } from '~/islands/forms/FileField.tsx';
import { Field, Form, Select, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import { addLinesToCart, type CartOutcome } from '~/islands/clinic/to-cart.ts';
import type { CountryCode, ResolvedLines } from '~/lib/api/types.ts';
import { formatMoney, toDisplayCurrency } from '~/shared/money.ts';
import { paths } from '~/shared/paths.ts';

const listsApi = () => import('~/lib/api/clinic-lists.ts');
// The API's limit (api/products/quick-order.schemas.ts).
const FILE_MAX_BYTES = 1024 * 1024;

type Found = ResolvedLines['lines'][number];

interface Props {
  country: CountryCode;
  /** The clinics the buyer belongs to, `[id, name]`: the found lines may be kept as one's list. */
  clinics: [number, string][];
}

const money = (amount: string | number, currency: Found['product']['currency']) =>
  formatMoney(Number(amount), toDisplayCurrency(currency));

/**
 * The quick order: lines pasted («3M-Z250-A2 10», «MC-STN-M;5», rows copied from Excel) or a CSV/.xlsx table
 * are checked against the country's catalog and stock; the lines found go into the cart in one tap, the
 * others are listed with their line numbers and what can be done (a quantity above stock can be taken as
 * what there is).
 */
export default function QuickOrder({ country, clinics }: Props) {
  const form = useForm({ warm: listsApi });
  const [result, setResult] = useState<ResolvedLines | null>(null);
  const [found, setFound] = useState<Found[]>([]);
  const [outcome, setOutcome] = useState<CartOutcome | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (values, data) => {
      const api = await listsApi();
      const file = data.get('file');
      const answer =
        file instanceof File && file.size > 0
          ? await api.resolveFile(country, file)
          : await api.resolveLines(country, values.text ?? '');
      setResult(answer);
      setFound(answer.lines);
      setOutcome(null);
      setSaved(null);
    },
    {
      check: (values) => (values.text?.trim() || values.file ? {} : { text: ['Вставьте строки или выберите файл.'] }),
    },
  );

  const take = (problem: ResolvedLines['errors'][number]) => {
    if (!problem.product || !problem.available) return;
    setFound([...found, { line: problem.line, product: problem.product, quantity: problem.available }]);
    setResult(result && { ...result, errors: result.errors.filter((e) => e !== problem) });
  };

  const toCart = () =>
    setOutcome(
      addLinesToCart(
        found.map(({ product, quantity }) => ({ ...product, quantity })),
        country,
      ),
    );

  const saveList = async (clinicId: number, name: string) => {
    const { createClinicList } = await listsApi();
    const list = await createClinicList(clinicId, {
      name,
      items: found.map((l) => ({ product: l.product.id, quantity: l.quantity })),
    });
    setSaved(list.name);
  };

  const total = found.reduce((sum, l) => sum + Number(l.product.price ?? 0) * l.quantity, 0);
  // A clinic member's lines are at the contract price: the public one is shown beside it.
  const listTotal = found.reduce(
    (sum, l) => sum + Number(l.product.list_price ?? l.product.price ?? 0) * l.quantity,
    0,
  );
  return (
    <div className="quick-order">
      <Form form={form} onSubmit={submit}>
        <TextArea
          name="text"
          label="Артикулы и количества"
          rows={8}
          spellCheck={false}
          placeholder={'3M-Z250-A2 10\nMC-STN-M;5'}
          hint="По строке на товар: артикул (или точное название), затем количество через пробел, «;» или табуляцию — можно скопировать столбцы из Excel."
          errors={form.errors.fields.text}
        />
        <FileField
          name="file"
          label="Или таблица CSV / Excel"
          optional
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxBytes={FILE_MAX_BYTES}
          hint="Артикул в первом столбце, количество во втором; строка заголовков не мешает. До 1 МБ."
          errors={form.errors.fields.file}
        />
        <SubmitButton pending={form.pending} label="Проверить наличие" pendingLabel="Проверяем…" />
      </Form>
      {result && (
        <section className="quick-order-result" aria-labelledby="quick-found-heading">
          <h2 id="quick-found-heading">Найдено: {found.length}</h2>
          {found.length > 0 && (
            <div className="table-card">
              <table className="quick-order-table">
                <thead>
                  <tr>
                    <th scope="col">Строка</th>
                    <th scope="col">Товар</th>
                    <th scope="col">Кол-во</th>
                    <th scope="col">В наличии</th>
                    <th scope="col">Сумма</th>
                  </tr>
                </thead>
                <tbody>
                  {found.map(({ line, product, quantity }) => (
                    <tr key={product.id}>
                      <td data-label="Строка">{line}</td>
                      <td>
                        <a href={paths.product(country, product.slug)}>{product.name}</a>
                        <span className="muted small"> · арт. {product.sku}</span>
                      </td>
                      <td data-label="Кол-во">{quantity} шт.</td>
                      <td data-label="В наличии">{product.stock} шт.</td>
                      <td data-label="Сумма">
                        {product.price === null ? '—' : money(Number(product.price) * quantity, product.currency)}
                        {product.list_price && product.list_price !== product.price && (
                          <span className="quick-order-list-price muted small">
                            в розницу <s>{money(Number(product.list_price) * quantity, product.currency)}</s>
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {found.length > 0 && (
            <p className="quick-order-actions">
              <strong>Итого: {money(total, found[0]!.product.currency)}</strong>
              {listTotal > total && (
                <span className="muted small">
                  по договору клиники; в розницу <s>{money(listTotal, found[0]!.product.currency)}</s>
                </span>
              )}
              <button type="button" className="btn btn-primary" onClick={toCart}>
                Добавить в корзину ({found.length})
              </button>
            </p>
          )}
          <div role="status">
            {outcome && (
              <div className="notice notice-success">
                <p>
                  В корзину добавлено {outcome.added} шт. <a href={paths.cart(country)}>Перейти в корзину</a>
                </p>
                {outcome.problems.length > 0 && (
                  <ul>
                    {outcome.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
          {result.errors.length > 0 && (
            <>
              <h2>Не добавятся: {result.errors.length}</h2>
              <ul className="quick-order-errors">
                {result.errors.map((problem) => (
                  <li key={`${problem.line}-${problem.code}`} className="card">
                    <p>
                      <strong>Строка {problem.line}</strong> <code>{problem.text}</code>
                    </p>
                    <p>{problem.message}</p>
                    <p className="muted">{problem.hint}</p>
                    {problem.code === 'too_many' && problem.available && (
                      <button type="button" className="btn btn-secondary" onClick={() => take(problem)}>
                        Взять {problem.available} шт.
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {found.length > 0 && clinics.length > 0 && <SaveFound clinics={clinics} save={saveList} saved={saved} />}
        </section>
      )}
    </div>
  );
}

function SaveFound({
  clinics,
  save,
  saved,
}: {
  clinics: [number, string][];
  save: (clinicId: number, name: string) => Promise<void>;
  saved: string | null;
}) {
  const form = useForm();
  const submit = form.onSubmit((values) => save(Number(values.clinic ?? clinics[0]![0]), values.name!.trim()), {
    required: ['name'],
  });
  return (
    <details className="card quick-order-save">
      <summary>Сохранить найденное как список клиники</summary>
      <Form form={form} onSubmit={submit}>
        <Field name="name" label="Название списка" maxLength={100} errors={form.errors.fields.name} />
        {clinics.length > 1 && (
          <Select name="clinic" label="Клиника" defaultValue={String(clinics[0]![0])}>
            {clinics.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </Select>
        )}
        <SubmitButton pending={form.pending} label="Сохранить список" pendingLabel="Сохраняем…" />
        <p className="form-success" role="status">
          {saved && `Список «${saved}» сохранён: он на странице клиники.`}
        </p>
      </Form>
    </details>
  );
}

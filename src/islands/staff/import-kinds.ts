/** The three kinds of upload as the back office names them, and where each one goes. */
export type ImportKind = 'products' | 'prices' | 'stock';

const TABLES = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

export const IMPORT_KINDS: Record<
  ImportKind,
  { name: string; path: string; accept: string; hint: string; file: string }
> = {
  stock: {
    name: 'Остатки',
    path: 'products/products_availability_load_csv/',
    accept: TABLES,
    hint: 'Excel или CSV в любой кодировке: артикул и количество; столбец «было» из шаблона не даст перезаписать остаток, изменившийся после выгрузки.',
    file: 'остатки',
  },
  prices: {
    name: 'Цены',
    path: 'products/upload_prices_json/',
    accept: `${TABLES},.json,application/json`,
    hint: 'Excel или CSV: артикул и цена, по желанию старая цена и страна (или выберите страну ниже); столбцы в любом порядке, заголовки по-русски или по-английски. JSON prices@1 тоже принимается.',
    file: 'цены',
  },
  products: {
    name: 'Товары',
    path: 'products/upload_products_json/',
    accept: `${TABLES},.json,application/json`,
    hint: 'Excel или CSV: артикул, наименование, категория, бренд, описание, фото, характеристики (столбец на каждую). Пустая ячейка не меняет поле, «-» очищает его. JSON products@1 тоже принимается.',
    file: 'товары',
  },
};

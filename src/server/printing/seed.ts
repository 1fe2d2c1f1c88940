import type { CountryCode } from '../../shared/countries.ts';
import type { Db } from '../db/client.ts';
import { insertPrintingPrices } from './printing.service.ts';

export interface PrintingPriceSeed {
  service: string;
  material: string;
  unit: string;
  leadTime: string;
  description: string;
  /** Decimal strings per country; a country left out does not offer the service. */
  prices: Partial<Record<CountryCode, string>>;
}

/** The price list of the shop's digital lab (3D printing and milling), in list order. */
export const printingPriceSeeds: PrintingPriceSeed[] = [
  {
    service: 'Печать моделей',
    material: 'Модель челюсти, фотополимер Model Resin',
    unit: 'модель',
    leadTime: '1–2 рабочих дня',
    description: 'Диагностическая или рабочая модель по внутриротовому скану или скану оттиска.',
    prices: { kg: '1500.00', kz: '8900.00' },
  },
  {
    service: 'Печать моделей',
    material: 'Модель для элайнеров',
    unit: 'модель',
    leadTime: '1–2 рабочих дня',
    description: 'Полая модель для термоформования кап, печать серией по этапам лечения.',
    prices: { kg: '1100.00', kz: '6500.00' },
  },
  {
    service: 'Печать моделей',
    material: 'Модель с десневой маской и аналогами имплантатов',
    unit: 'челюсть',
    leadTime: '2–3 рабочих дня',
    description: 'Аналоги имплантатов оплачиваются отдельно по цене каталога.',
    prices: { kg: '3200.00', kz: '18900.00' },
  },
  {
    service: 'Печать моделей',
    material: 'Wax-up, выжигаемый фотополимер',
    unit: 'единица',
    leadTime: '1–2 рабочих дня',
    description: 'Для литья и прессования керамики, выгорает без зольного остатка.',
    prices: { kg: '1300.00', kz: '7700.00' },
  },
  {
    service: 'Хирургические шаблоны',
    material: 'Шаблон с втулками, биосовместимый фотополимер',
    unit: 'шаблон',
    leadTime: '3–5 рабочих дней',
    description: 'Планирование согласуется с врачом; втулки под выбранную хирургическую систему включены в цену.',
    prices: { kg: '9500.00', kz: '56000.00' },
  },
  {
    service: 'Временные конструкции',
    material: 'Временная коронка, PMMA / Temp Resin',
    unit: 'единица',
    leadTime: '1–2 рабочих дня',
    description: 'Печатная временная коронка или единица моста на срок до шести месяцев.',
    prices: { kg: '1800.00', kz: '10600.00' },
  },
  {
    service: 'Капы и шины',
    material: 'Ночная капа',
    unit: 'шт.',
    leadTime: '2–3 рабочих дня',
    description: 'Жёсткая окклюзионная шина из прозрачного биосовместимого фотополимера.',
    prices: { kg: '5500.00', kz: '32500.00' },
  },
  {
    service: 'Капы и шины',
    material: 'Индивидуальная ложка',
    unit: 'шт.',
    leadTime: '1 рабочий день',
    description: '',
    prices: { kg: '900.00', kz: '5300.00' },
  },
  {
    service: 'Фрезеровка',
    material: 'Коронка из циркония, фрезеровка',
    unit: 'единица',
    leadTime: '3–4 рабочих дня',
    description: 'Монолитный диоксид циркония, окрашивание и глазурование включены.',
    prices: { kz: '36000.00' },
  },
  {
    service: 'Фрезеровка',
    material: 'Коронка из PMMA, фрезеровка',
    unit: 'единица',
    leadTime: '2–3 рабочих дня',
    description: 'Долговременная временная коронка из полимерного блока.',
    prices: { kg: '2500.00', kz: '14800.00' },
  },
  {
    service: 'Цифровое моделирование',
    material: 'CAD-дизайн единицы',
    unit: 'единица',
    leadTime: '1 рабочий день',
    description: 'Дизайн коронки, вкладки или единицы моста с передачей STL-файла клинике.',
    prices: { kg: '800.00', kz: '4700.00' },
  },
  {
    service: 'Цифровое моделирование',
    material: 'Сканирование оттиска',
    unit: 'челюсть',
    leadTime: '1 рабочий день',
    description: 'Лабораторное сканирование силиконового оттиска или гипсовой модели.',
    prices: { kg: '700.00', kz: '4100.00' },
  },
  {
    service: 'Дополнительно',
    material: 'Срочное изготовление (24 часа)',
    unit: 'заказ',
    leadTime: '24 часа',
    description: 'Надбавка к стоимости заказа; для сканов, полученных до 12:00 рабочего дня.',
    prices: { kg: '2000.00', kz: '11800.00' },
  },
];

/** The demo price list of the digital lab. */
export async function seedPrintingDemo(db: Db): Promise<void> {
  await insertPrintingPrices(
    db,
    printingPriceSeeds.map(({ prices, ...item }, position) => ({
      ...item,
      position,
      prices: Object.entries(prices).map(([country, price]) => ({ country, price: price! })),
    })),
  );
}

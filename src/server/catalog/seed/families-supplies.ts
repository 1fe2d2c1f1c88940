import { each, labelled, type Family } from './family.ts';
import type { KindName } from './kinds.ts';

const line = (
  category: string,
  brand: string,
  kind: KindName,
  code: string,
  name: string,
  rest: Partial<Family> = {},
): Family => ({
  category,
  brand,
  kind,
  code,
  name,
  ...rest,
});

const hygiene: Family[] = [
  line('profilakticheskie-pasty', 'septodont', 'prophy-paste', 'SP-DTR', 'Detartrine профилактическая паста', {
    specs: { g: 45 },
  }),
  line(
    'profilakticheskie-pasty',
    'septodont',
    'prophy-paste',
    'SP-DTRZ',
    'Detartrine Z профилактическая паста с цирконием',
    { specs: { g: 45 } },
  ),
  line('profilakticheskie-pasty', 'ivoclar', 'prophy-paste', 'IV-PXT', 'Proxyt профилактическая паста', {
    variants: labelled([
      ['RDA 7, мелкая, 55 г', 'RDA7', { g: 55 }],
      ['RDA 36, средняя, 55 г', 'RDA36', { g: 55 }],
      ['RDA 83, грубая, 55 г', 'RDA83', { g: 55 }],
    ]),
  }),
  line('profilakticheskie-pasty', 'kerr', 'prophy-paste', 'KR-CLN', 'Cleanic профилактическая паста', {
    specs: { g: 100 },
  }),
  line('profilakticheskie-pasty', 'dentsply-sirona', 'prophy-paste', 'DS-NPR', 'Nupro профилактическая паста', {
    specs: { g: 340 },
    price: [2200, 2800],
  }),

  line('ftorlaki-i-remineralizaciya', 'voco', 'fluoride', 'VC-BF12', 'Bifluorid 12 фторлак', {
    specs: { g: 4, agent: 'фторид натрия и фторид кальция' },
  }),
  line('ftorlaki-i-remineralizaciya', 'voco', 'fluoride', 'VC-PFV', 'Profluorid Varnish фторлак', {
    variants: labelled([['SingleDose, 50 × 0,4 мл', 'SD50', { qty: 50, agent: 'фторид натрия' }]]),
  }),
  line('ftorlaki-i-remineralizaciya', '3m', 'fluoride', '3M-CWV', 'Clinpro White Varnish фторлак', {
    variants: labelled([['50 доз по 0,5 мл', '50', { qty: 50, agent: 'фторид натрия' }]]),
  }),
  line('ftorlaki-i-remineralizaciya', 'ivoclar', 'fluoride', 'IV-FPS', 'Fluor Protector S фторлак', {
    specs: { g: 7, agent: 'фторид аммония' },
  }),
  line('ftorlaki-i-remineralizaciya', 'gc', 'fluoride', 'GC-TM', 'Tooth Mousse реминерализующий крем', {
    specs: { agent: 'CPP-ACP' },
    variants: labelled([
      ['мята, 40 г', 'MINT', { g: 40 }],
      ['дыня, 40 г', 'MELON', { g: 40 }],
      ['клубника, 40 г', 'STRAW', { g: 40 }],
    ]),
  }),
  line('ftorlaki-i-remineralizaciya', 'gc', 'fluoride', 'GC-MIP', 'MI Paste Plus реминерализующий крем', {
    specs: { g: 40, agent: 'CPP-ACP и фторид' },
  }),
  line('ftorlaki-i-remineralizaciya', 'ultradent', 'fluoride', 'UD-ENL', 'Enamelast фторлак', {
    variants: labelled([['50 доз по 0,4 мл', '50', { qty: 50, agent: 'фторид натрия' }]]),
  }),

  line('poroshki-dlya-peskostruya', 'ems', 'powder', 'EMS-AFP', 'Air-Flow Plus порошок', {
    variants: labelled([['4 × 120 г', '4X120', { g: 480, agent: 'эритритол' }]]),
  }),
  line('poroshki-dlya-peskostruya', 'ems', 'powder', 'EMS-AFC', 'Air-Flow Classic Comfort порошок', {
    variants: labelled([['4 × 300 г', '4X300', { g: 1200, agent: 'гидрокарбонат натрия' }]]),
  }),
  line('poroshki-dlya-peskostruya', 'kavo', 'powder', 'KV-PPL', 'PROPHYpearls порошок', {
    variants: labelled([['4 × 250 г', '4X250', { g: 1000, agent: 'карбонат кальция' }]]),
  }),
  line('poroshki-dlya-peskostruya', 'nsk', 'powder', 'NSK-FP', 'FLASH pearl порошок', {
    variants: labelled([['4 × 300 г', '4X300', { g: 1200, agent: 'карбонат кальция' }]]),
  }),

  line('zubnye-shchetki', 'curaprox', 'toothbrush', 'CP-5460', 'Зубная щётка Curaprox CS 5460 ultra soft', {
    specs: { bristle: 'ультрамягкая' },
  }),
  line('zubnye-shchetki', 'curaprox', 'toothbrush', 'CP-3960', 'Зубная щётка Curaprox CS 3960 supersoft', {
    specs: { bristle: 'очень мягкая' },
  }),
  line('zubnye-shchetki', 'curaprox', 'toothbrush', 'CP-12460', 'Зубная щётка Curaprox CS 12460 velvet', {
    specs: { bristle: 'ультрамягкая' },
  }),
  line('zubnye-shchetki', 'curaprox', 'toothbrush', 'CP-1560', 'Зубная щётка Curaprox CS 1560 soft', {
    specs: { bristle: 'мягкая' },
  }),
  line('mezhzubnye-yorshiki', 'curaprox', 'interdental', 'CP-CPS', 'Межзубные ёршики Curaprox {v}', {
    variants: labelled([
      ['CPS 06 prime', '06', { d: 0.6 }],
      ['CPS 07 prime', '07', { d: 0.7 }],
      ['CPS 08 prime', '08', { d: 0.8 }],
      ['CPS 09 prime', '09', { d: 0.9 }],
      ['CPS 011 prime', '011', { d: 1.1 }],
    ]),
  }),
];

const disinfection: Family[] = [
  line(
    'dezinfekciya-poverkhnostej',
    'schulke',
    'surface-disinfectant',
    'SCH-MAF',
    'Mikrozid AF liquid средство для дезинфекции поверхностей',
    { specs: { ml: 1000, agent: 'спирты' } },
  ),
  line(
    'dezinfekciya-poverkhnostej',
    'schulke',
    'surface-disinfectant',
    'SCH-MAFW',
    'Mikrozid AF Jumbo дезинфицирующие салфетки',
    { specs: { qty: 200, agent: 'спирты' } },
  ),
  line(
    'dezinfekciya-poverkhnostej',
    'schulke',
    'surface-disinfectant',
    'SCH-MSL',
    'Mikrozid sensitive liquid средство для дезинфекции поверхностей',
    { specs: { ml: 1000, agent: 'четвертичные аммониевые соединения' } },
  ),
  line(
    'dezinfekciya-poverkhnostej',
    'durr-dental',
    'surface-disinfectant',
    'DR-FD333',
    'FD 333 средство для дезинфекции поверхностей',
    { specs: { ml: 1000, agent: 'спирты' } },
  ),
  line(
    'dezinfekciya-poverkhnostej',
    'durr-dental',
    'surface-disinfectant',
    'DR-FD322',
    'FD 322 средство для быстрой дезинфекции поверхностей',
    { specs: { ml: 1000, agent: 'спирты' } },
  ),
  line(
    'dezinfekciya-poverkhnostej',
    'durr-dental',
    'surface-disinfectant',
    'DR-FD350',
    'FD 350 дезинфицирующие салфетки',
    { specs: { qty: 100, agent: 'четвертичные аммониевые соединения' } },
  ),

  line(
    'dezinfekciya-instrumentov',
    'schulke',
    'instrument-disinfectant',
    'SCH-GIA',
    'Gigasept Instru AF концентрат для дезинфекции инструментов',
    { specs: { ml: 2000, agent: 'четвертичные аммониевые соединения' } },
  ),
  line(
    'dezinfekciya-instrumentov',
    'schulke',
    'instrument-disinfectant',
    'SCH-GFF',
    'Gigasept FF концентрат для дезинфекции инструментов',
    { specs: { ml: 5000, agent: 'янтарный диальдегид' }, price: [5500, 7000] },
  ),
  line(
    'dezinfekciya-instrumentov',
    'durr-dental',
    'instrument-disinfectant',
    'DR-ID213',
    'ID 213 средство для дезинфекции инструментов',
    { specs: { ml: 2000, agent: 'четвертичные аммониевые соединения' } },
  ),
  line(
    'dezinfekciya-instrumentov',
    'durr-dental',
    'instrument-disinfectant',
    'DR-ID212',
    'ID 212 forte концентрат для дезинфекции инструментов',
    { specs: { ml: 2000, agent: 'четвертичные аммониевые соединения' } },
  ),
  line(
    'dezinfekciya-instrumentov',
    'durr-dental',
    'instrument-disinfectant',
    'DR-ID220',
    'ID 220 средство для дезинфекции вращающихся инструментов',
    { specs: { ml: 2000, agent: 'спирты' } },
  ),

  line('antiseptiki-dlya-ruk', 'schulke', 'hand-antiseptic', 'SCH-DDP', 'Desderman pure кожный антисептик', {
    specs: { agent: 'спирты' },
    variants: each('ml', [500, 1000], [1, 1.7]),
  }),
  line('antiseptiki-dlya-ruk', 'schulke', 'hand-antiseptic', 'SCH-ESM', 'Esemtan лосьон для мытья рук', {
    specs: { ml: 500, agent: 'мягкие ПАВ' },
  }),
  line('antiseptiki-dlya-ruk', 'durr-dental', 'hand-antiseptic', 'DR-HD410', 'HD 410 кожный антисептик', {
    specs: { ml: 500, agent: 'спирты' },
  }),

  line('pakety-dlya-sterilizacii', 'medicom', 'pouch', 'MC-SSP', 'Пакеты для стерилизации SafeSeal', {
    variants: each('size', ['57 × 130 мм', '90 × 230 мм', '135 × 280 мм'], [1, 1.5, 2.2]),
  }),
  line('pakety-dlya-sterilizacii', 'wipak', 'pouch', 'WP-STK', 'Пакеты для стерилизации Steriking', {
    variants: each('size', ['75 × 150 мм', '100 × 250 мм'], [1, 1.5]),
  }),
  line('indikatory-sterilizacii', '3m', 'indicator', '3M-CTL', 'Индикаторная лента Comply 1322', {
    variants: labelled([['24 мм × 55 м', '2455', { qty: 1, size: '24 мм × 55 м' }]]),
  }),
  line('indikatory-sterilizacii', '3m', 'indicator', '3M-CSG', 'Химические индикаторы Comply SteriGage', {
    specs: { qty: 240 },
  }),
];

const consumables: Family[] = [
  line('perchatki', 'medicom', 'gloves', 'MC-STN', 'Перчатки нитриловые SafeTouch Advanced', {
    specs: { mat: 'нитрил' },
    variants: each('size', ['XS', 'S', 'M', 'L', 'XL']),
  }),
  line('perchatki', 'medicom', 'gloves', 'MC-STL', 'Перчатки латексные SafeTouch', {
    specs: { mat: 'латекс' },
    variants: each('size', ['S', 'M', 'L']),
  }),
  line('perchatki', 'hartmann', 'gloves', 'HM-PSN', 'Перчатки нитриловые Peha-soft nitrile fino', {
    specs: { mat: 'нитрил', qty: 150 },
    variants: each('size', ['S', 'M', 'L']),
  }),

  line('maski', 'medicom', 'mask', 'MC-SMP', 'Маски медицинские SafeMask Premier {v}', {
    specs: { qty: 50 },
    variants: labelled([
      ['голубые', 'BLU'],
      ['белые', 'WHT'],
      ['розовые', 'PNK'],
    ]),
  }),
  line('maski', '3m', 'mask', '3M-A9320', 'Респиратор Aura 9320+ FFP2', {
    specs: { qty: 20, mat: 'многослойный фильтрующий материал' },
    price: [2500, 3500],
  }),
  line('maski', 'hartmann', 'mask', 'HM-FDM', 'Маски медицинские Foliodress mask Comfort на резинках', {
    specs: { qty: 50 },
  }),

  line('zashchitnye-ochki', 'medicom', 'goggles', 'MC-GOG', 'Защитные очки Medicom', {}),
  line('zashchitnye-ochki', 'medicom', 'goggles', 'MC-FS', 'Защитный экран для лица Medicom', {
    specs: { mat: 'ПЭТ' },
  }),
  line('zashchitnye-ochki', '3m', 'goggles', '3M-SF', 'Защитные очки 3M SecureFit', {}),

  line('slyunootsosy', 'medicom', 'saliva-ejector', 'MC-SE', 'Слюноотсосы Medicom {v}', {
    variants: labelled([
      ['белые с синим наконечником', 'WB'],
      ['прозрачные', 'CLR'],
    ]),
  }),
  line('vatnye-valiki', 'hartmann', 'cotton-rolls', 'HM-CEL', 'Валики ватные Celluron {v}', {
    variants: labelled([
      ['№ 1, Ø 8 мм, 300 шт', '1', { size: '№ 1', d: 8, qty: 300 }],
      ['№ 2, Ø 10 мм, 300 шт', '2', { size: '№ 2', d: 10, qty: 300 }],
      ['№ 3, Ø 12 мм, 300 шт', '3', { size: '№ 3', d: 12, qty: 300 }],
    ]),
  }),
  line('vatnye-valiki', 'medicom', 'cotton-rolls', 'MC-CR', 'Валики ватные Medicom {v}', {
    variants: labelled([['№ 2, Ø 10 мм, 500 шт', '2', { size: '№ 2', d: 10, qty: 500 }]]),
  }),
  line('nagrudnye-salfetki', 'medicom', 'bib', 'MC-BIB', 'Нагрудные салфетки Medicom {v}', {
    specs: { size: '33 × 45 см', qty: 500 },
    variants: labelled([
      ['голубые, 33 × 45 см, 500 шт', 'BLU'],
      ['белые, 33 × 45 см, 500 шт', 'WHT'],
    ]),
  }),

  line('matricy-i-klinya', 'kerr', 'matrix', 'KR-HSM', 'Секционные матрицы Hawe Adapt SectionalMatrix', {
    specs: { qty: 50, mat: 'нержавеющая сталь' },
  }),
  line(
    'matricy-i-klinya',
    'dentsply-sirona',
    'matrix',
    'DS-PV3K',
    'Система секционных матриц Palodent V3, стартовый набор',
    { specs: { mat: 'нержавеющая сталь', size: 'высота 4,5 и 5,5 мм' }, price: [9000, 12000] },
  ),
  line('matricy-i-klinya', 'dentsply-sirona', 'matrix', 'DS-PV3M', 'Матрицы Palodent V3, высота 5,5 мм', {
    specs: { qty: 50, mat: 'нержавеющая сталь' },
  }),
  line('matricy-i-klinya', 'dentsply-sirona', 'matrix', 'DS-PPW', 'Клинья Palodent Plus', {
    specs: { qty: 100, mat: 'пластик' },
  }),
];

export const supplyFamilies: Family[] = [...hygiene, ...disinfection, ...consumables];

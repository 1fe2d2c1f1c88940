import { each, grid, labelled, shades, type Family } from './family.ts';
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

const restorative: Family[] = [
  line('kompozity', '3m', 'composite', '3M-Z250', 'Filtek Z250 композит', {
    specs: { g: 4, mat: 'микрогибридный' },
    variants: shades('A1 A2 A3 A3.5 B2'),
    about:
      'Универсальный материал с проверенной десятилетиями клинической историей для фронтальных и жевательных реставраций.',
  }),
  line('kompozity', '3m', 'composite', '3M-Z550', 'Filtek Z550 композит', {
    specs: { g: 4, mat: 'наногибридный' },
    variants: shades('A2 A3 A3.5'),
  }),
  line('kompozity', '3m', 'composite', '3M-FUB', 'Filtek Ultimate Body композит', {
    specs: { g: 4, mat: 'нанонаполненный' },
    variants: shades('A1 A2 A3'),
  }),
  line('kompozity', 'gc', 'composite', 'GC-GRD', 'Gradia Direct композит', {
    specs: { g: 4, mat: 'микрогибридный' },
    variants: shades('A2 A3 A3.5 B2'),
  }),
  line('kompozity', 'gc', 'composite', 'GC-GACH', "G-aenial A'CHORD композит", {
    specs: { g: 4, mat: 'наногибридный' },
    variants: shades('A1 A2 A3'),
  }),
  line('kompozity', 'dentsply-sirona', 'composite', 'DS-TPH3', 'Spectrum TPH3 композит', {
    specs: { g: 4.5, mat: 'микрогибридный' },
    variants: shades('A1 A2 A3 A3.5'),
  }),
  line('kompozity', 'dentsply-sirona', 'composite', 'DS-CXST', 'Ceram.x Spectra ST HV композит', {
    specs: { g: 3, mat: 'наногибридный' },
    variants: shades('A2 A3'),
  }),
  line('kompozity', 'ivoclar', 'composite', 'IV-TEC', 'Tetric EvoCeram композит', {
    specs: { g: 3.5, mat: 'наногибридный' },
    variants: shades('A1 A2 A3 A3.5'),
  }),
  line('kompozity', 'kerr', 'composite', 'KR-HXU', 'Herculite XRV Ultra композит', {
    specs: { g: 4, mat: 'наногибридный' },
    variants: shades('A2 A3'),
  }),
  line('kompozity', 'voco', 'composite', 'VC-GRD', 'Grandio композит', {
    specs: { g: 4, mat: 'нанонаполненный' },
    variants: shades('A1 A2 A3 B2'),
  }),
  line('kompozity', 'voco', 'composite', 'VC-ADF', 'Admira Fusion композит', {
    specs: { g: 3, mat: 'ормокер' },
    variants: shades('A2 A3'),
  }),
  line('kompozity', 'tokuyama', 'composite', 'TK-ESQ', 'Estelite Sigma Quick композит', {
    specs: { g: 3.8, mat: 'супранано-наполненный' },
    variants: shades('A1 A2 A3 A3.5 B2'),
    about: 'Сферический супранано-наполнитель обеспечивает эффект хамелеона и блеск, сопоставимый с эмалью.',
  }),
  line('kompozity', 'kulzer', 'composite', 'KZ-CHC', 'Charisma Classic композит', {
    specs: { g: 4, mat: 'микрогибридный' },
    variants: shades('A1 A2 A3 A3.5 C2'),
  }),
  line('kompozity', 'kulzer', 'composite', 'KZ-VND', 'Venus Diamond композит', {
    specs: { g: 4, mat: 'наногибридный' },
    variants: shades('A2 A3'),
  }),
  line('kompozity', 'shofu', 'composite', 'SH-BF2', 'Beautifil II композит', {
    specs: { g: 4.5, mat: 'гиомер' },
    variants: shades('A2 A3'),
  }),
  line('kompozity', 'vladmiva', 'composite', 'VM-RAD', 'Радент композит', {
    specs: { g: 4, mat: 'микрогибридный' },
    variants: shades('A2 A3'),
    price: [700, 1100],
  }),

  line('tekuchie-kompozity', '3m', 'flowable', '3M-FUF', 'Filtek Ultimate Flowable текучий композит', {
    specs: { g: 2 },
    variants: shades('A2 A3'),
  }),
  line('tekuchie-kompozity', 'gc', 'flowable', 'GC-GUI', 'G-aenial Universal Injectable текучий композит', {
    specs: { g: 1.7 },
    variants: shades('A2 A3'),
  }),
  line('tekuchie-kompozity', 'ivoclar', 'flowable', 'IV-TEF', 'Tetric EvoFlow текучий композит', {
    specs: { g: 2 },
    variants: shades('A1 A2 A3'),
  }),
  line('tekuchie-kompozity', 'voco', 'flowable', 'VC-GRF', 'Grandio Flow текучий композит', {
    specs: { g: 2 },
    variants: shades('A2 A3 A3.5'),
  }),
  line('tekuchie-kompozity', 'tokuyama', 'flowable', 'TK-EFQ', 'Estelite Flow Quick текучий композит', {
    specs: { g: 3 },
    variants: shades('A2 A3'),
  }),
  line('tekuchie-kompozity', 'kulzer', 'flowable', 'KZ-CHF', 'Charisma Flow текучий композит', {
    specs: { g: 1.8 },
    variants: shades('A2 A3'),
  }),
  line('tekuchie-kompozity', 'ultradent', 'flowable', 'UD-PF', 'PermaFlo текучий композит', {
    specs: { ml: 1.2 },
    variants: shades('A2 A3'),
  }),
  line('tekuchie-kompozity', 'shofu', 'flowable', 'SH-BFP', 'Beautifil Flow Plus F00 текучий композит', {
    specs: { g: 2.2 },
    variants: shades('A2 A3'),
  }),

  line('steklo-ionomernye-cementy', 'gc', 'gic', 'GC-F9', 'Fuji IX GP стеклоиономерный цемент', {
    pack: 'порошок 15 г + жидкость 6,4 мл',
    specs: { g: 15 },
    variants: shades('A2 A3 B3'),
  }),
  line('steklo-ionomernye-cementy', 'gc', 'gic', 'GC-F2LC', 'Fuji II LC стеклоиономерный цемент', {
    pack: 'порошок 15 г + жидкость 10 г',
    specs: { g: 15, cure: 'двойной' },
    variants: shades('A2 A3'),
  }),
  line('steklo-ionomernye-cementy', 'gc', 'gic', 'GC-EQFHT', 'EQUIA Forte HT восстановительная система', {
    pack: '50 капсул',
    specs: { qty: 50 },
    variants: shades('A2 A3'),
    price: [9000, 12000],
  }),
  line('steklo-ionomernye-cementy', 'voco', 'gic', 'VC-IOM', 'Ionofil Molar стеклоиономерный цемент', {
    pack: 'порошок 15 г + жидкость 10 мл',
    specs: { g: 15 },
    variants: shades('A2 A3'),
  }),
  line('steklo-ionomernye-cementy', '3m', 'gic', '3M-KME', 'Ketac Molar Easymix стеклоиономерный цемент', {
    pack: 'порошок 12,5 г + жидкость 8,5 мл',
    specs: { g: 12.5 },
    variants: shades('A2 A3'),
  }),
  line('steklo-ionomernye-cementy', 'vladmiva', 'gic', 'VM-CEM', 'Цемион стеклоиономерный цемент', {
    pack: 'порошок 15 г + жидкость 8 мл',
    specs: { g: 15 },
    variants: shades('A2 A3'),
    price: [900, 1300],
  }),

  line('vremennye-plomby', '3m', 'temp-filling', '3M-CAVG', 'Cavit G материал для временных пломб', {
    specs: { g: 28 },
  }),
  line('vremennye-plomby', 'gc', 'temp-filling', 'GC-CAV', 'Caviton материал для временных пломб', {
    specs: { g: 30 },
  }),
  line('vremennye-plomby', 'coltene', 'temp-filling', 'CL-CSF', 'Coltosol F материал для временных пломб', {
    specs: { g: 38 },
  }),
  line('vremennye-plomby', 'voco', 'temp-filling', 'VC-CLF', 'Clip F светоотверждаемый материал для временных пломб', {
    variants: labelled([['4 шприца по 4 г', '4X4G', { g: 16, qty: 4, cure: 'световой' }]]),
    price: [1900, 2400],
  }),
  line('vremennye-plomby', 'vladmiva', 'temp-filling', 'VM-DP', 'Дентин-паста для временных пломб', {
    variants: each('g', [50, 100], [1, 1.8]),
  }),
  line('vremennye-plomby', 'vladmiva', 'temp-filling', 'VM-DPR', 'Дентин-порошок для временных пломб', {
    specs: { g: 80 },
  }),

  line(
    'prokladochnye-materialy',
    'dentsply-sirona',
    'liner',
    'DS-DYC',
    'Dycal прокладочный материал на основе гидроксида кальция',
    { pack: 'база 13 г + катализатор 11 г', specs: { g: 24, cure: 'химический' } },
  ),
  line('prokladochnye-materialy', 'septodont', 'liner', 'SP-BIOD', 'Biodentine биоактивный заменитель дентина', {
    pack: '15 капсул по 0,7 г',
    specs: { qty: 15, cure: 'химический', mat: 'трикальцийсиликат' },
    price: [9000, 14000],
    about:
      'Биоактивный материал на основе трикальцийсиликата для замещения дентина, прямого покрытия пульпы и лечения перфораций.',
  }),
  line('prokladochnye-materialy', 'voco', 'liner', 'VC-CMLC', 'Calcimol LC светоотверждаемая прокладка', {
    pack: '2 шприца по 2,5 г',
    specs: { g: 5, cure: 'световой' },
  }),
  line('prokladochnye-materialy', '3m', 'liner', '3M-VBP', 'Vitrebond Plus стеклоиономерная прокладка', {
    pack: 'паста 11 г + жидкость 8 г',
    specs: { g: 11, cure: 'световой' },
  }),
  line('prokladochnye-materialy', 'ultradent', 'liner', 'UD-UBP', 'Ultra-Blend Plus прокладочный материал', {
    pack: '4 шприца по 1,2 мл',
    specs: { ml: 1.2, qty: 4, cure: 'световой' },
  }),
  line(
    'prokladochnye-materialy',
    'kerr',
    'liner',
    'KR-LIFE',
    'Life прокладочный материал на основе гидроксида кальция',
    { pack: 'база 12 г + катализатор 12 г', specs: { g: 24, cure: 'химический' } },
  ),
  line('prokladochnye-materialy', 'gc', 'liner', 'GC-FLLC', 'Fuji Lining LC стеклоиономерная прокладка', {
    pack: 'порошок 10 г + жидкость 6,8 мл',
    specs: { g: 10, cure: 'световой' },
  }),
];

const bonding: Family[] = [
  line('adgezivy', '3m', 'adhesive', '3M-SBU', 'Single Bond Universal адгезив', { specs: { ml: 5 } }),
  line('adgezivy', '3m', 'adhesive', '3M-ASB2', 'Adper Single Bond 2 адгезив', { specs: { ml: 6 } }),
  line('adgezivy', '3m', 'adhesive', '3M-SBUP', 'Scotchbond Universal Plus адгезив', { specs: { ml: 5 } }),
  line('adgezivy', 'gc', 'adhesive', 'GC-GPB', 'G-Premio BOND адгезив', { specs: { ml: 5 } }),
  line('adgezivy', 'kerr', 'adhesive', 'KR-OBFL', 'OptiBond FL адгезивная система', {
    pack: 'праймер 8 мл + адгезив 8 мл',
    specs: { ml: 16 },
  }),
  line('adgezivy', 'kerr', 'adhesive', 'KR-OBU', 'OptiBond Universal адгезив', { specs: { ml: 5 } }),
  line('adgezivy', 'ivoclar', 'adhesive', 'IV-AUVP', 'Adhese Universal VivaPen адгезив', {
    variants: labelled([['шприц-ручка 2 мл', '2ML', { ml: 2 }]]),
  }),
  line('adgezivy', 'ivoclar', 'adhesive', 'IV-TNBU', 'Tetric N-Bond Universal адгезив', { specs: { ml: 6 } }),
  line('adgezivy', 'dentsply-sirona', 'adhesive', 'DS-PBA', 'Prime&Bond active адгезив', { specs: { ml: 4 } }),
  line('adgezivy', 'dentsply-sirona', 'adhesive', 'DS-PBNT', 'Prime&Bond NT адгезив', { specs: { ml: 4.5 } }),
  line('adgezivy', 'voco', 'adhesive', 'VC-FBU', 'Futurabond U адгезив', {
    variants: labelled([['SingleDose, 50 шт', 'SD50', { qty: 50, cure: 'двойной' }]]),
  }),
  line('adgezivy', 'voco', 'adhesive', 'VC-FBMP', 'Futurabond M+ адгезив', { specs: { ml: 5, cure: 'двойной' } }),
  line('adgezivy', 'kuraray-noritake', 'adhesive', 'KN-CSE2', 'Clearfil SE Bond 2 адгезивная система', {
    pack: 'праймер 6 мл + бонд 5 мл',
    specs: { ml: 11 },
  }),
  line('adgezivy', 'kuraray-noritake', 'adhesive', 'KN-CUBQ', 'Clearfil Universal Bond Quick адгезив', {
    specs: { ml: 5 },
  }),
  line('adgezivy', 'tokuyama', 'adhesive', 'TK-BF2', 'Bond Force II адгезив', { specs: { ml: 5 } }),
  line('adgezivy', 'ultradent', 'adhesive', 'UD-PUB', 'Peak Universal Bond адгезив', { specs: { ml: 4 } }),
  line('adgezivy', 'coltene', 'adhesive', 'CL-OC7', 'One Coat 7 Universal адгезив', { specs: { ml: 5 } }),

  line('travilnye-geli', '3m', 'etch', '3M-SBE', 'Scotchbond Universal Etchant травильный гель 32%', {
    specs: { ml: 3, qty: 2 },
  }),
  line('travilnye-geli', 'ultradent', 'etch', 'UD-UE', 'Ultra-Etch травильный гель 35%', {
    variants: [{ specs: { ml: 1.2, qty: 4 } }, { specs: { ml: 30, qty: 1 }, factor: 3.2 }],
  }),
  line('travilnye-geli', 'voco', 'etch', 'VC-VCD', 'Vococid травильный гель 35%', { specs: { ml: 2, qty: 3 } }),
  line('travilnye-geli', 'kerr', 'etch', 'KR-GE', 'Gel Etchant травильный гель 37,5%', { specs: { ml: 3, qty: 3 } }),
  line('travilnye-geli', 'meta-biomed', 'etch', 'MB-ETCH', 'Meta Etchant травильный гель 37%', {
    specs: { ml: 3, qty: 3 },
  }),
  line('travilnye-geli', 'vladmiva', 'etch', 'VM-TRV', 'Травекс-37 травильный гель', { specs: { ml: 5, qty: 1 } }),
  line('travilnye-geli', 'kulzer', 'etch', 'KZ-IBE', 'iBond Etch 35 Gel травильный гель', { specs: { ml: 2, qty: 2 } }),

  line('polirovochnye-diski', '3m', 'polishing', '3M-SLD', 'Sof-Lex диски для полировки', {
    specs: { qty: 85 },
    variants: each('d', [12.7, 9.5]),
  }),
  line('polirovochnye-diski', '3m', 'polishing', '3M-SLS', 'Sof-Lex полоски для финишной обработки', {
    specs: { qty: 100 },
  }),
  line('polirovochnye-diski', 'shofu', 'polishing', 'SH-SSRK', 'Super-Snap набор для полировки', {
    variants: labelled([['Rainbow Technique Kit', 'RTK', { qty: 180, d: 12 }]]),
  }),
  line('polirovochnye-diski', 'kerr', 'polishing', 'KR-OD', 'OptiDisc диски для полировки', {
    specs: { qty: 100 },
    variants: each('d', [12.6, 9.6]),
  }),
  line('polirovochnye-diski', 'gc', 'polishing', 'GC-EPX', 'Epitex полоски для финишной обработки', {
    specs: { qty: 100 },
  }),

  line('polirovochnye-pasty', 'shofu', 'polishing-paste', 'SH-DDP', 'Direct Dia Paste алмазная полировочная паста', {
    specs: { g: 2 },
  }),
  line('polirovochnye-pasty', 'ultradent', 'polishing-paste', 'UD-DPM', 'Diamond Polish Mint полировочная паста', {
    specs: { g: 2.5 },
  }),
  line('polirovochnye-pasty', 'dentsply-sirona', 'polishing-paste', 'DS-PRG', 'Prisma Gloss полировочная паста', {
    variants: labelled([
      ['Regular, 30 г', 'REG', { g: 30 }],
      ['Extra Fine, 30 г', 'EF', { g: 30 }],
    ]),
  }),
];

const endodontics: Family[] = [
  line('ruchnye-faily', 'mani', 'hand-file', 'MN-KF', 'K-файлы Mani', {
    variants: grid('len', [21, 25], 'size', ['№ 10', '№ 15', '№ 15–40']),
  }),
  line('ruchnye-faily', 'mani', 'hand-file', 'MN-HF', 'H-файлы Mani', {
    variants: grid('len', [21, 25], 'size', ['№ 15', '№ 15–40']),
  }),
  line('ruchnye-faily', 'dentsply-sirona', 'hand-file', 'DS-KFLEX', 'K-Flexofile файлы', {
    variants: [...grid('len', [21, 25], 'size', ['№ 15–40']), { specs: { len: 25, size: '№ 45–80' } }],
  }),
  line('ruchnye-faily', 'dentsply-sirona', 'hand-file', 'DS-CPF', 'C+ File файлы для прохождения каналов', {
    variants: grid('len', [21, 25], 'size', ['№ 10']),
  }),
  line('ruchnye-faily', 'mani', 'hand-file', 'MN-RM', 'Римеры Mani', {
    variants: grid('len', [25], 'size', ['№ 15–40']),
  }),

  line('mashinnye-faily', 'dentsply-sirona', 'rotary-file', 'DS-PTG', 'ProTaper Gold машинные файлы', {
    specs: { taper: 'переменная', qty: 6 },
    variants: [
      { specs: { size: 'S1–F3 ассорти', len: 25 } },
      { specs: { size: 'F1', len: 25 } },
      { specs: { size: 'F2', len: 25 } },
      { specs: { size: 'F3', len: 25 } },
      { specs: { size: 'S1–F3 ассорти', len: 21 } },
    ],
    about:
      'Система с прогрессивной конусностью и термообработанным сплавом Gold для формирования каналов сложной анатомии.',
  }),
  line('mashinnye-faily', 'dentsply-sirona', 'rotary-file', 'DS-WOG', 'WaveOne Gold машинные файлы', {
    specs: { qty: 3 },
    variants: [
      { specs: { size: 'Primary 25/.07', len: 25, taper: '07' } },
      { specs: { size: 'Small 20/.07', len: 25, taper: '07' } },
      { specs: { size: 'Medium 35/.06', len: 25, taper: '06' } },
      { specs: { size: 'Primary 25/.07', len: 21, taper: '07' } },
    ],
  }),
  line('mashinnye-faily', 'coltene', 'rotary-file', 'CL-HEDM', 'HyFlex EDM машинные файлы', {
    specs: { qty: 5, taper: 'переменная' },
    variants: [{ specs: { size: 'OneFile 25/~', len: 25 } }, { specs: { size: 'OneFile 25/~', len: 21 } }],
  }),
  line('mashinnye-faily', 'coltene', 'rotary-file', 'CL-HCM', 'HyFlex CM машинные файлы', {
    specs: { qty: 6, len: 25 },
    variants: [
      { specs: { size: '25/.04', taper: '04' } },
      { specs: { size: '25/.06', taper: '06' } },
      { specs: { size: '30/.04', taper: '04' } },
    ],
  }),
  line('mashinnye-faily', 'mani', 'rotary-file', 'MN-JZ', 'JIZAI машинные файлы', {
    specs: { qty: 6, len: 25 },
    variants: [{ specs: { size: '25/.04', taper: '04' } }, { specs: { size: '25/.06', taper: '06' } }],
  }),

  line('guttaperchevye-shtifty', 'meta-biomed', 'gutta', 'MB-GP', 'Гуттаперчевые штифты Meta Biomed', {
    variants: [
      { specs: { taper: '02', size: '№ 15–40', qty: 120 } },
      { specs: { taper: '04', size: '№ 25', qty: 60 } },
      { specs: { taper: '04', size: '№ 30', qty: 60 } },
      { specs: { taper: '06', size: '№ 25', qty: 60 } },
      { specs: { taper: '06', size: '№ 30', qty: 60 } },
    ],
  }),
  line('guttaperchevye-shtifty', 'dentsply-sirona', 'gutta', 'DS-PTGGP', 'ProTaper Gold гуттаперчевые штифты', {
    specs: { taper: 'переменная', qty: 60 },
    variants: each('size', ['F1', 'F2', 'F3']),
  }),
  line('guttaperchevye-shtifty', 'dentsply-sirona', 'gutta', 'DS-WOGGP', 'WaveOne Gold гуттаперчевые штифты', {
    specs: { taper: 'переменная', qty: 60 },
    variants: each('size', ['Primary', 'Medium']),
  }),
  line('guttaperchevye-shtifty', 'spident', 'gutta', 'SPD-GP', 'Гуттаперчевые штифты Spident', {
    variants: [
      { specs: { taper: '02', size: '№ 15–40', qty: 120 } },
      { specs: { taper: '04', size: '№ 25', qty: 60 } },
    ],
  }),
  line('guttaperchevye-shtifty', 'coltene', 'gutta', 'CL-RGP', 'Roeko гуттаперчевые штифты', {
    specs: { taper: '02', size: '№ 15–40', qty: 120 },
  }),

  line('bumazhnye-shtifty', 'meta-biomed', 'paper-points', 'MB-PP', 'Бумажные штифты Meta Biomed', {
    variants: [
      { specs: { taper: '02', size: '№ 15–40', qty: 200 } },
      { specs: { taper: '04', size: '№ 25', qty: 100 } },
      { specs: { taper: '06', size: '№ 25', qty: 100 } },
    ],
  }),
  line('bumazhnye-shtifty', 'spident', 'paper-points', 'SPD-PP', 'Бумажные штифты Spident', {
    variants: [
      { specs: { taper: '02', size: '№ 15–40', qty: 200 } },
      { specs: { taper: '04', size: '№ 30', qty: 100 } },
    ],
  }),
  line('bumazhnye-shtifty', 'dentsply-sirona', 'paper-points', 'DS-PTGPP', 'ProTaper Gold бумажные штифты', {
    specs: { taper: 'переменная', size: 'F1–F3', qty: 180 },
  }),
  line('bumazhnye-shtifty', 'coltene', 'paper-points', 'CL-RPP', 'Roeko Paper Points бумажные штифты', {
    specs: { taper: '02', size: '№ 15–40', qty: 200 },
  }),

  line('silery', 'dentsply-sirona', 'sealer', 'DS-AHP', 'AH Plus силер на основе эпоксидной смолы', {
    pack: 'паста A 4 мл + паста B 4 мл',
    specs: { ml: 8, mat: 'эпоксидная смола' },
  }),
  line('silery', 'dentsply-sirona', 'sealer', 'DS-AHPJ', 'AH Plus Jet силер', {
    variants: labelled([['шприц с автосмешиванием 15 г', '15G', { g: 15, mat: 'эпоксидная смола' }]]),
  }),
  line('silery', 'septodont', 'sealer', 'SP-ENDN', 'Endomethasone N силер', {
    specs: { g: 14, mat: 'оксид цинка и эвгенол' },
  }),
  line('silery', 'coltene', 'sealer', 'CL-GF2', 'GuttaFlow 2 холодная текучая гуттаперча', {
    specs: { g: 5, mat: 'силикон с гуттаперчей' },
  }),
  line('silery', 'coltene', 'sealer', 'CL-GFB', 'GuttaFlow bioseal биоактивный силер', {
    specs: { g: 5, mat: 'силикон с гуттаперчей' },
  }),
  line('silery', 'meta-biomed', 'sealer', 'MB-CRS', 'CeraSeal биокерамический силер', {
    specs: { g: 2, mat: 'биокерамика' },
  }),
  line('silery', 'vladmiva', 'sealer', 'VM-TIE', 'Тиэдент силер', {
    pack: 'порошок 14 г + жидкость 10 мл',
    specs: { g: 14, mat: 'оксид цинка и эвгенол' },
    price: [700, 1200],
  }),
  line('silery', 'kerr', 'sealer', 'KR-PCS', 'Pulp Canal Sealer EWT силер', {
    pack: 'порошок 3,5 г + жидкость 4 мл',
    specs: { g: 3.5, mat: 'оксид цинка и эвгенол' },
  }),
  line('silery', 'dentsply-sirona', 'sealer', 'DS-PRMTA', 'ProRoot MTA репаративный материал', {
    variants: labelled([['5 пакетов по 0,5 г', '5X05', { g: 2.5, qty: 5, mat: 'минерал-триоксид-агрегат' }]]),
    price: [8000, 12000],
    about: 'Минерал-триоксид-агрегат для закрытия перфораций, апексификации и ретроградного пломбирования.',
  }),

  line('irrigacionnye-rastvory', 'septodont', 'irrigant', 'SP-PRC', 'Parcan раствор гипохлорита натрия 3%', {
    specs: { ml: 250, agent: 'гипохлорит натрия' },
  }),
  line('irrigacionnye-rastvory', 'vladmiva', 'irrigant', 'VM-BLD', 'Белодез раствор гипохлорита натрия 3%', {
    specs: { agent: 'гипохлорит натрия' },
    variants: each('ml', [100, 500], [1, 3.5]),
  }),
  line('irrigacionnye-rastvory', 'septodont', 'irrigant', 'SP-LGU', 'Largal Ultra раствор ЭДТА 15%', {
    specs: { ml: 13, agent: 'ЭДТА' },
  }),
  line('irrigacionnye-rastvory', 'ultradent', 'irrigant', 'UD-CNS', 'Consepsis раствор хлоргексидина 2%', {
    specs: { ml: 480, agent: 'хлоргексидин' },
  }),
  line('irrigacionnye-rastvory', 'ultradent', 'irrigant', 'UD-FEZ', 'File-Eze гель ЭДТА 19%', {
    variants: labelled([['4 шприца по 1,2 мл', '4X12', { ml: 4.8, qty: 4, agent: 'ЭДТА' }]]),
  }),
  line('irrigacionnye-rastvory', 'dentsply-sirona', 'irrigant', 'DS-GLY', 'Glyde гель для обработки каналов', {
    variants: labelled([['3 шприца по 3 мл', '3X3', { ml: 9, qty: 3, agent: 'ЭДТА' }]]),
  }),

  line('endodonticheskie-igly', 'ultradent', 'endo-needle', 'UD-NVT', 'NaviTip ирригационные иглы', {
    specs: { qty: 20 },
    variants: [
      { specs: { size: '29G', len: 21 } },
      { specs: { size: '29G', len: 25 } },
      { specs: { size: '31G', len: 25 } },
    ],
  }),
  line('endodonticheskie-igly', 'ultradent', 'endo-needle', 'UD-EEZ', 'Endo-Eze Irrigator Tips иглы', {
    specs: { size: '27G', len: 22, qty: 20 },
  }),
  line(
    'endodonticheskie-igly',
    'spident',
    'endo-needle',
    'SPD-EN',
    'Эндодонтические иглы Spident с боковым отверстием',
    {
      specs: { qty: 100, len: 25 },
      variants: each('size', ['30G', '27G']),
    },
  ),
];

export const therapyFamilies: Family[] = [...restorative, ...bonding, ...endodontics];

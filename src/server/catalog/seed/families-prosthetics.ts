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

const putty = 'базовая (Putty)';
const heavy = 'высокая (Heavy)';
const regular = 'средняя (Regular)';
const light = 'низкая (Light)';

const prosthetics: Family[] = [
  line('a-silikony', '3m', 'a-silicone', '3M-EX2', 'Express 2 А-силикон', {
    variants: labelled([
      ['Putty Soft, 2 × 305 мл', 'PS', { visc: putty, ml: 610 }, 1.6],
      ['Light Body Flow, 2 × 50 мл', 'LBF', { visc: light, ml: 100 }],
    ]),
  }),
  line('a-silikony', '3m', 'a-silicone', '3M-IMP4', 'Imprint 4 А-силикон', {
    variants: labelled([
      ['Light, 2 × 50 мл', 'L', { visc: light, ml: 100 }],
      ['Heavy, 2 × 50 мл', 'H', { visc: heavy, ml: 100 }],
    ]),
  }),
  line('a-silikony', 'zhermack', 'a-silicone', 'ZH-EHD', 'Elite HD+ А-силикон', {
    variants: labelled([
      ['Putty Soft Normal, 2 × 250 мл', 'PSN', { visc: putty, ml: 500 }, 1.3],
      ['Light Body Normal, 2 × 50 мл', 'LBN', { visc: light, ml: 100 }],
      ['Regular Body, 2 × 50 мл', 'RB', { visc: regular, ml: 100 }],
    ]),
  }),
  line('a-silikony', 'zhermack', 'a-silicone', 'ZH-HR', 'Hydrorise А-силикон', {
    variants: labelled([
      ['Putty Normal, 2 × 300 мл', 'PN', { visc: putty, ml: 600 }, 1.4],
      ['Light Body, 2 × 50 мл', 'LB', { visc: light, ml: 100 }],
    ]),
  }),
  line('a-silikony', 'kulzer', 'a-silicone', 'KZ-FLX', 'Flexitime А-силикон', {
    variants: labelled([
      ['Easy Putty, 2 × 300 мл', 'EP', { visc: putty, ml: 600 }, 1.4],
      ['Correct Flow, 2 × 50 мл', 'CF', { visc: light, ml: 100 }],
    ]),
  }),
  line('a-silikony', 'coltene', 'a-silicone', 'CL-AFF', 'Affinis А-силикон', {
    variants: labelled([
      ['Putty Super Soft, 2 × 300 мл', 'PSS', { visc: putty, ml: 600 }, 1.4],
      ['Light Body, 2 × 75 мл', 'LB', { visc: light, ml: 150 }],
    ]),
  }),
  line('a-silikony', 'dentsply-sirona', 'a-silicone', 'DS-AQU', 'Aquasil Ultra+ А-силикон', {
    variants: labelled([
      ['Smart Wetting Putty, 2 × 300 мл', 'PUT', { visc: putty, ml: 600 }, 1.4],
      ['LV, 2 × 50 мл', 'LV', { visc: light, ml: 100 }],
    ]),
  }),

  line('c-silikony', 'zhermack', 'c-silicone', 'ZH-ZP', 'Zetaplus С-силикон', {
    variants: labelled([['базовая масса, 900 мл', '900', { visc: putty, ml: 900 }]]),
  }),
  line('c-silikony', 'zhermack', 'c-silicone', 'ZH-OWL', 'Oranwash L С-силикон', {
    variants: labelled([['корригирующая масса, 140 мл', '140', { visc: light, ml: 140 }]]),
  }),
  line('c-silikony', 'zhermack', 'c-silicone', 'ZH-IG', 'Indurent Gel активатор для С-силиконов', {
    specs: { ml: 60 },
  }),
  line('c-silikony', 'coltene', 'c-silicone', 'CL-SPX', 'Speedex С-силикон', {
    variants: labelled([
      ['Putty, 910 мл', 'P', { visc: putty, ml: 910 }, 1.5],
      ['Light Body, 140 мл', 'LB', { visc: light, ml: 140 }],
    ]),
  }),
  line('c-silikony', 'coltene', 'c-silicone', 'CL-SPXA', 'Speedex Universal Activator активатор для С-силиконов', {
    specs: { ml: 60 },
  }),
  line('c-silikony', 'kulzer', 'c-silicone', 'KZ-XVL', 'Xantopren VL Plus С-силикон', {
    variants: labelled([['корригирующая масса, 140 мл', '140', { visc: light, ml: 140 }]]),
  }),
  line('c-silikony', 'kulzer', 'c-silicone', 'KZ-OCP', 'Optosil Comfort Putty С-силикон', {
    variants: labelled([['базовая масса, 900 мл', '900', { visc: putty, ml: 900 }]]),
  }),

  line('alginatnye-massy', 'zhermack', 'alginate', 'ZH-HG5', 'Hydrogum 5 альгинатная масса', { specs: { g: 453 } }),
  line('alginatnye-massy', 'zhermack', 'alginate', 'ZH-OP', 'Orthoprint альгинатная масса', { specs: { g: 500 } }),
  line('alginatnye-massy', 'zhermack', 'alginate', 'ZH-TRG', 'Tropicalgin альгинатная масса', { specs: { g: 453 } }),
  line('alginatnye-massy', 'gc', 'alginate', 'GC-AFP', 'Aroma Fine Plus альгинатная масса', {
    variants: labelled([
      ['Normal Set, 500 г', 'NS', { g: 500 }],
      ['Fast Set, 500 г', 'FS', { g: 500 }],
    ]),
  }),
  line('alginatnye-massy', 'kulzer', 'alginate', 'KZ-ALP', 'Alginoplast альгинатная масса', { specs: { g: 500 } }),
  line('alginatnye-massy', 'dentsply-sirona', 'alginate', 'DS-BPX', 'Blueprint Xcreme альгинатная масса', {
    specs: { g: 500 },
  }),

  line('postoyannye-cementy', '3m', 'perm-cement', '3M-U200', 'RelyX U200 самоадгезивный композитный цемент', {
    pack: 'автомикс-шприц 8,5 г',
    specs: { g: 8.5, cure: 'двойной' },
    variants: shades('A2 A3'),
  }),
  line('postoyannye-cementy', '3m', 'perm-cement', '3M-RXL2', 'RelyX Luting 2 стеклоиономерный цемент', {
    pack: 'клик-дозатор 11 г',
    specs: { g: 11, cure: 'двойной' },
  }),
  line('postoyannye-cementy', '3m', 'perm-cement', '3M-KCE', 'Ketac Cem Easymix стеклоиономерный цемент', {
    pack: 'порошок 33 г + жидкость 12 мл',
    specs: { g: 33, cure: 'химический' },
  }),
  line('postoyannye-cementy', 'gc', 'perm-cement', 'GC-F1', 'Fuji I стеклоиономерный цемент', {
    pack: 'порошок 35 г + жидкость 25 г',
    specs: { g: 35, cure: 'химический' },
  }),
  line('postoyannye-cementy', 'gc', 'perm-cement', 'GC-FCE', 'FujiCEM Evolve цемент', {
    pack: 'картридж 13,3 г',
    specs: { g: 13.3, cure: 'двойной' },
  }),
  line('postoyannye-cementy', 'gc', 'perm-cement', 'GC-GC1', 'G-CEM ONE самоадгезивный цемент', {
    pack: 'автомикс-шприц 8,7 г',
    specs: { g: 8.7, cure: 'двойной' },
    variants: shades('A2'),
  }),
  line('postoyannye-cementy', 'ivoclar', 'perm-cement', 'IV-VLE', 'Variolink Esthetic DC композитный цемент', {
    pack: 'шприц 5 г',
    specs: { g: 5, cure: 'двойной' },
  }),
  line('postoyannye-cementy', 'ivoclar', 'perm-cement', 'IV-SCP', 'SpeedCEM Plus самоадгезивный цемент', {
    pack: 'шприц 9 г',
    specs: { g: 9, cure: 'двойной' },
  }),
  line('postoyannye-cementy', 'kuraray-noritake', 'perm-cement', 'KN-PV5', 'Panavia V5 композитный цемент', {
    pack: 'шприц 4,6 мл',
    specs: { ml: 4.6, cure: 'двойной' },
  }),
  line(
    'postoyannye-cementy',
    'kuraray-noritake',
    'perm-cement',
    'KN-PSA',
    'Panavia SA Cement Universal самоадгезивный цемент',
    { pack: 'автомикс-шприц 8,2 г', specs: { g: 8.2, cure: 'двойной' } },
  ),
  line('postoyannye-cementy', 'dentsply-sirona', 'perm-cement', 'DS-CAL', 'Calibra Universal композитный цемент', {
    pack: 'автомикс-шприц 4,5 г',
    specs: { g: 4.5, cure: 'двойной' },
  }),
  line('postoyannye-cementy', 'voco', 'perm-cement', 'VC-MER', 'Meron стеклоиономерный цемент', {
    pack: 'порошок 35 г + жидкость 15 мл',
    specs: { g: 35, cure: 'химический' },
  }),
  line('postoyannye-cementy', 'vladmiva', 'perm-cement', 'VM-UNC', 'Уницем цинк-фосфатный цемент', {
    pack: 'порошок 80 г + жидкость 50 мл',
    specs: { g: 80, cure: 'химический' },
    price: [700, 1200],
  }),

  line('vremennye-cementy', 'kerr', 'temp-cement', 'KR-TB', 'TempBond цемент для временной фиксации', {
    pack: 'база 50 г + катализатор 15 г',
    specs: { g: 65 },
  }),
  line(
    'vremennye-cementy',
    'kerr',
    'temp-cement',
    'KR-TBNE',
    'TempBond NE цемент для временной фиксации без эвгенола',
    { pack: 'база 50 г + катализатор 15 г', specs: { g: 65 } },
  ),
  line('vremennye-cementy', 'kerr', 'temp-cement', 'KR-TBC', 'TempBond Clear цемент для временной фиксации', {
    specs: { g: 5, cure: 'двойной' },
  }),
  line('vremennye-cementy', '3m', 'temp-cement', '3M-RXT', 'RelyX Temp NE цемент для временной фиксации', {
    pack: 'база 30 г + катализатор 13 г',
    specs: { g: 43 },
  }),
  line('vremennye-cementy', 'voco', 'temp-cement', 'VC-PQM', 'Provicol QM Plus цемент для временной фиксации', {
    specs: { g: 5 },
  }),

  line('vremennye-koronki', '3m', 'temp-crown', '3M-PT4', 'Protemp 4 материал для временных коронок', {
    specs: { ml: 50 },
    variants: shades('A1 A2 A3'),
  }),
  line('vremennye-koronki', 'voco', 'temp-crown', 'VC-ST3', 'Structur 3 материал для временных коронок', {
    specs: { ml: 50 },
    variants: shades('A1 A2 A3'),
  }),
  line('vremennye-koronki', 'dmg', 'temp-crown', 'DMG-LTS', 'Luxatemp Star материал для временных коронок', {
    specs: { ml: 50 },
    variants: shades('A2 A3'),
  }),
  line(
    'vremennye-koronki',
    'dentsply-sirona',
    'temp-crown',
    'DS-INT',
    'Integrity Multi Cure материал для временных коронок',
    { specs: { ml: 50 }, variants: shades('A2') },
  ),
];

const extractions: Array<[string, string]> = [
  ['для удаления верхних моляров, правые', '18R'],
  ['для удаления верхних моляров, левые', '18L'],
  ['для удаления верхних премоляров', '150'],
  ['для удаления нижних моляров', '17'],
  ['для удаления корней нижней челюсти', '151'],
];

const surgery: Family[] = [
  line('dentalnye-implantaty', 'osstem', 'implant', 'OS-TS3', 'Имплантат Osstem TSIII SA', {
    specs: { mat: 'титан Grade 4' },
    variants: grid('d', [3.5, 4, 4.5, 5], 'len', [10, 11.5]),
    about: 'Конический имплантат с поверхностью SA и самонарезающей резьбой для всех типов кости.',
  }),
  line('dentalnye-implantaty', 'straumann', 'implant', 'ST-BLT', 'Имплантат Straumann BLT Roxolid SLActive', {
    specs: { mat: 'сплав титана и циркония' },
    variants: grid('d', [3.3, 4.1, 4.8], 'len', [10, 12]),
    price: [32000, 40000],
    about:
      'Костного уровня, конической формы, из высокопрочного сплава Roxolid с гидрофильной поверхностью SLActive для сокращения сроков лечения.',
  }),
  line('dentalnye-implantaty', 'straumann', 'implant', 'ST-SP', 'Имплантат Straumann Standard Plus SLA', {
    specs: { mat: 'титан Grade 4', len: 10 },
    variants: each('d', [4.1, 4.8]),
    price: [26000, 32000],
  }),
  line('dentalnye-implantaty', 'dentsply-sirona', 'implant', 'DS-ATEV', 'Имплантат Astra Tech Implant EV', {
    specs: { mat: 'титан Grade 4' },
    variants: grid('d', [3.6, 4.2], 'len', [9, 11]),
    price: [24000, 30000],
  }),

  line('abatmenty', 'osstem', 'abutment', 'OS-TSA', 'Абатмент Osstem TS прямой', {
    variants: grid('d', [4.5, 5], 'len', [2, 3]),
  }),
  line('abatmenty', 'osstem', 'abutment', 'OS-HA', 'Формирователь десны Osstem', {
    variants: grid('d', [4.5, 5.5], 'len', [4, 5]),
    price: [1500, 2500],
  }),
  line('abatmenty', 'straumann', 'abutment', 'ST-VB', 'Абатмент Straumann Variobase RC для коронки', {
    specs: { d: 4.8, len: 1.5 },
    price: [12000, 15000],
  }),
  line('abatmenty', 'dentsply-sirona', 'abutment', 'DS-TID', 'Абатмент Astra Tech TiDesign EV', {
    specs: { len: 1.5 },
    variants: each('d', [3.6, 4.2]),
  }),

  line('kostnoplasticheskie-materialy', 'geistlich', 'bone-graft', 'GS-BO', 'Bio-Oss костнозамещающий материал', {
    specs: { mat: 'ксенотрансплантат' },
    variants: [
      { specs: { size: 'гранулы 0,25–1 мм', g: 0.25 } },
      { specs: { size: 'гранулы 0,25–1 мм', g: 0.5 }, factor: 1.7 },
      { specs: { size: 'гранулы 0,25–1 мм', g: 2 }, factor: 5 },
      { specs: { size: 'гранулы 1–2 мм', g: 0.5 }, factor: 1.7 },
    ],
    price: [9000, 11000],
    about:
      'Депротеинизированный костный минерал бычьего происхождения с пористой структурой, близкой к кости человека.',
  }),
  line(
    'kostnoplasticheskie-materialy',
    'geistlich',
    'bone-graft',
    'GS-BG',
    'Bio-Gide резорбируемая коллагеновая мембрана',
    {
      specs: { mat: 'коллаген' },
      variants: labelled([
        ['25 × 25 мм', '2525', { size: '25 × 25 мм' }],
        ['30 × 40 мм', '3040', { size: '30 × 40 мм' }, 1.6],
      ]),
      price: [15000, 19000],
      about: 'Двухслойная мембрана из свиного коллагена для направленной костной и тканевой регенерации.',
    },
  ),
  line('kostnoplasticheskie-materialy', 'osstem', 'bone-graft', 'OS-AOSS', 'A-Oss костнозамещающий материал', {
    specs: { mat: 'ксенотрансплантат', size: 'гранулы 0,25–1 мм' },
    variants: each('g', [0.25, 0.5], [1, 1.7]),
    price: [6000, 8000],
  }),
  line('kostnoplasticheskie-materialy', 'straumann', 'bone-graft', 'ST-CB', 'cerabone костнозамещающий материал', {
    specs: { mat: 'ксенотрансплантат', size: 'гранулы 0,5–1 мм' },
    variants: each('g', [0.5, 1], [1, 1.8]),
  }),
  line(
    'kostnoplasticheskie-materialy',
    'straumann',
    'bone-graft',
    'ST-EMD',
    'Emdogain гель для регенерации пародонта',
    {
      variants: labelled([['шприц 0,7 мл', '07', { ml: 0.7, mat: 'белки эмалевой матрицы' }]]),
      price: [20000, 26000],
    },
  ),

  line('shchipcy', 'hu-friedy', 'forceps', 'HF-FX', 'Щипцы Hu-Friedy {v}', {
    variants: labelled(extractions),
    price: [6000, 8000],
  }),
  line('shchipcy', 'medesy', 'forceps', 'MD-FX', 'Щипцы Medesy {v}', {
    specs: { len: 175 },
    variants: labelled(extractions),
    price: [3000, 4500],
  }),
  line('elevatory', 'hu-friedy', 'forceps', 'HF-EL', 'Элеватор Hu-Friedy {v}', {
    specs: { len: 165 },
    variants: labelled([
      ['прямой, 3 мм', 'S3', { size: '3 мм' }],
      ['прямой, 4 мм', 'S4', { size: '4 мм' }],
      ['угловой, левый', 'AL', { size: '3 мм' }],
      ['угловой, правый', 'AR', { size: '3 мм' }],
    ]),
    price: [3500, 4500],
  }),
  line('elevatory', 'medesy', 'forceps', 'MD-EL', 'Элеватор Medesy {v}', {
    specs: { len: 160 },
    variants: labelled([
      ['прямой, 3 мм', 'S3', { size: '3 мм' }],
      ['угловой, левый', 'AL', { size: '3 мм' }],
      ['угловой, правый', 'AR', { size: '3 мм' }],
    ]),
    price: [1500, 2200],
  }),

  line('shovnyj-material', 'ethicon', 'suture', 'ET-VCR', 'Vicryl рассасывающийся шовный материал', {
    specs: { mat: 'полиглактин 910' },
    variants: each('size', ['3/0', '4/0', '5/0']),
  }),
  line('shovnyj-material', 'ethicon', 'suture', 'ET-PRL', 'Prolene нерассасывающийся шовный материал', {
    specs: { mat: 'полипропилен' },
    variants: each('size', ['4/0', '5/0']),
  }),
  line('shovnyj-material', 'ethicon', 'suture', 'ET-MSK', 'Mersilk шёлковый шовный материал', {
    specs: { mat: 'шёлк' },
    variants: each('size', ['3/0']),
  }),
  line('shovnyj-material', 'meta-biomed', 'suture', 'MB-PGA', 'Шовный материал Meta Biomed PGA рассасывающийся', {
    specs: { mat: 'полигликолевая кислота' },
    variants: each('size', ['4/0', '5/0']),
    price: [2500, 3500],
  }),
  line('shovnyj-material', 'meta-biomed', 'suture', 'MB-NYL', 'Шовный материал Meta Biomed нейлон', {
    specs: { mat: 'нейлон' },
    variants: each('size', ['4/0']),
    price: [2000, 3000],
  }),
];

const anesthesia: Family[] = [
  line('anestetiki-v-karpulakh', 'septodont', 'anesthetic', 'SP-SPN100', 'Септанест с адреналином 1:100 000', {
    specs: { agent: 'артикаин' },
  }),
  line('anestetiki-v-karpulakh', 'septodont', 'anesthetic', 'SP-SPN200', 'Септанест с адреналином 1:200 000', {
    specs: { agent: 'артикаин' },
  }),
  line('anestetiki-v-karpulakh', 'septodont', 'anesthetic', 'SP-SCN3', 'Скандонест 3% без вазоконстриктора', {
    specs: { agent: 'мепивакаин', ml: 2.2 },
  }),
  line('anestetiki-v-karpulakh', 'septodont', 'anesthetic', 'SP-SCN2S', 'Скандонест 2% Special с адреналином', {
    specs: { agent: 'мепивакаин', ml: 2.2 },
  }),
  line('anestetiki-v-karpulakh', '3m', 'anesthetic', '3M-UBF', 'Убистезин форте 4% с адреналином 1:100 000', {
    specs: { agent: 'артикаин' },
  }),
  line('anestetiki-v-karpulakh', '3m', 'anesthetic', '3M-UB', 'Убистезин 4% с адреналином 1:200 000', {
    specs: { agent: 'артикаин' },
  }),

  line('karpulnye-igly', 'septodont', 'carpule-needle', 'SP-SJ', 'Иглы карпульные Septoject', {
    variants: [
      { specs: { size: '30G', d: 0.3, len: 12 } },
      { specs: { size: '30G', d: 0.3, len: 16 } },
      { specs: { size: '30G', d: 0.3, len: 21 } },
      { specs: { size: '27G', d: 0.4, len: 35 } },
    ],
  }),
  line('applikacionnye-anestetiki', 'septodont', 'topical', 'SP-XLG', 'Ксилонор гель аппликационный', {
    specs: { g: 15, agent: 'лидокаин' },
  }),
  line('applikacionnye-anestetiki', 'septodont', 'topical', 'SP-XLS', 'Ксилонор спрей аппликационный', {
    specs: { g: 36, agent: 'лидокаин' },
  }),
  line('applikacionnye-anestetiki', 'ultradent', 'topical', 'UD-UCG', 'UltraCare гель аппликационный 20%', {
    specs: { g: 30, agent: 'бензокаин' },
  }),

  line('karpulnye-shpricy', 'hu-friedy', 'carpule-syringe', 'HF-CS', 'Карпульный шприц Hu-Friedy с аспирацией', {}),
  line('karpulnye-shpricy', 'medesy', 'carpule-syringe', 'MD-CS', 'Карпульный шприц Medesy {v}', {
    variants: labelled([
      ['с аспирацией', 'ASP'],
      ['без аспирации', 'STD', undefined, 0.85],
    ]),
  }),
];

const orthodontics: Family[] = [
  line('metallicheskie-brekety', 'american-orthodontics', 'brackets', 'AO-MM', 'Брекет-система Mini Master {v}', {
    variants: labelled([
      ['Roth', 'R22', { size: '.022' }],
      ['MBT', 'M22', { size: '.022' }],
      ['Roth', 'R18', { size: '.018' }],
    ]),
  }),
  line('metallicheskie-brekety', 'dentaurum', 'brackets', 'DT-DS', 'Брекет-система discovery smart {v}', {
    variants: labelled([
      ['Roth', 'R22', { size: '.022' }],
      ['MBT', 'M22', { size: '.022' }],
    ]),
  }),
  line('metallicheskie-brekety', '3m', 'brackets', '3M-VS', 'Брекет-система Victory Series {v}', {
    variants: labelled([
      ['MBT', 'M22', { size: '.022' }],
      ['Roth', 'R18', { size: '.018' }],
    ]),
  }),
  line('keramicheskie-brekety', '3m', 'brackets', '3M-CLA', 'Брекет-система Clarity Advanced {v}', {
    specs: { mat: 'поликристаллическая керамика' },
    variants: labelled([
      ['MBT', 'M22', { size: '.022' }],
      ['Roth', 'R22', { size: '.022' }],
    ]),
    price: [15000, 24000],
  }),
  line('keramicheskie-brekety', 'american-orthodontics', 'brackets', 'AO-RP', 'Брекет-система Radiance Plus {v}', {
    specs: { mat: 'монокристаллический сапфир' },
    variants: labelled([['MBT', 'M22', { size: '.022' }]]),
    price: [18000, 26000],
  }),
  line('keramicheskie-brekety', 'dentaurum', 'brackets', 'DT-DP', 'Брекет-система discovery pearl {v}', {
    specs: { mat: 'поликристаллическая керамика' },
    variants: labelled([['Roth', 'R22', { size: '.022' }]]),
    price: [14000, 20000],
  }),
  line('ortodonticheskie-dugi', 'american-orthodontics', 'arch-wire', 'AO-NT', 'Дуги ортодонтические NiTi', {
    specs: { mat: 'никель-титан' },
    variants: each('size', ['.014"', '.016"', '.016 × .022"']),
  }),
  line('ortodonticheskie-dugi', 'dentaurum', 'arch-wire', 'DT-RL', 'Дуги ортодонтические rematitan LITE', {
    specs: { mat: 'никель-титан' },
    variants: each('size', ['.014"', '.016"']),
  }),
  line('ortodonticheskie-adgezivy', '3m', 'ortho-adhesive', '3M-TBXT', 'Transbond XT ортодонтический адгезив', {
    specs: { g: 4 },
  }),
  line('ortodonticheskie-adgezivy', 'gc', 'ortho-adhesive', 'GC-OC', 'Ortho Connect ортодонтический адгезив', {
    specs: { g: 5 },
  }),
  line('ortodonticheskie-adgezivy', 'ultradent', 'ortho-adhesive', 'UD-OBMV', 'Opal Bond MV ортодонтический адгезив', {
    specs: { g: 4.5 },
  }),
];

export const prostheticsFamilies: Family[] = [...prosthetics, ...surgery, ...anesthesia, ...orthodontics];

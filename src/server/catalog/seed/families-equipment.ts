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

const instruments: Family[] = [
  line('almaznye-bory', 'mani', 'bur', 'MN-DB', 'Боры алмазные Mani {v}', {
    specs: { mat: 'алмаз' },
    variants: labelled([
      ['шаровидные BR-31', 'BR31', { d: 1.4 }],
      ['цилиндрические SF-11', 'SF11', { d: 1.2 }],
      ['конусные TR-13', 'TR13', { d: 1.6 }],
      ['пламевидные FO-20', 'FO20', { d: 1.6 }],
      ['грушевидные TF-13', 'TF13', { d: 1.4 }],
    ]),
  }),
  line('almaznye-bory', 'komet', 'bur', 'KM-DB', 'Боры алмазные Komet {v}', {
    specs: { mat: 'алмаз' },
    variants: labelled([
      ['801 шаровидные', '801-014', { d: 1.4 }],
      ['801 шаровидные', '801-018', { d: 1.8 }],
      ['837 цилиндрические', '837-014', { d: 1.4 }],
      ['863 пламевидные', '863-016', { d: 1.6 }],
      ['856 конусные', '856-016', { d: 1.6 }],
    ]),
    price: [900, 1200],
  }),
  line('tverdosplavnye-bory', 'komet', 'bur', 'KM-H1', 'Боры твердосплавные Komet H1 шаровидные', {
    specs: { mat: 'твёрдый сплав' },
    variants: each('d', [1, 1.4, 1.8]),
    price: [900, 1200],
  }),
  line('tverdosplavnye-bory', 'komet', 'bur', 'KM-H31', 'Боры твердосплавные Komet H31 цилиндрические', {
    specs: { mat: 'твёрдый сплав', d: 1.2 },
    price: [900, 1200],
  }),
  line('tverdosplavnye-bory', 'kerr', 'bur', 'KR-JET', 'Боры твердосплавные Jet шаровидные', {
    specs: { mat: 'твёрдый сплав' },
    variants: each('d', [1, 1.4, 1.8]),
  }),

  line('turbinnye-nakonechniki', 'nsk', 'turbine', 'NSK-PM2', 'Pana-Max2 турбинный наконечник', {
    specs: { mat: 'нержавеющая сталь', coupling: 'NSK PTL' },
    price: [20000, 24000],
  }),
  line('turbinnye-nakonechniki', 'nsk', 'turbine', 'NSK-Z900L', 'Ti-Max Z900L турбинный наконечник', {
    specs: { mat: 'титан', coupling: 'NSK PTL' },
    price: [75000, 88000],
  }),
  line('turbinnye-nakonechniki', 'nsk', 'turbine', 'NSK-M600L', 'S-Max M600L турбинный наконечник', {
    specs: { mat: 'нержавеющая сталь', coupling: 'NSK PTL' },
    price: [42000, 50000],
  }),
  line('turbinnye-nakonechniki', 'w-and-h', 'turbine', 'WH-TK98L', 'Synea Vision TK-98 L турбинный наконечник', {
    specs: { mat: 'титан', coupling: 'W&H Roto Quick' },
    price: [70000, 85000],
  }),
  line('turbinnye-nakonechniki', 'w-and-h', 'turbine', 'WH-TE98', 'Alegra TE-98 LQ турбинный наконечник', {
    specs: { mat: 'нержавеющая сталь', coupling: 'W&H Roto Quick' },
    price: [38000, 46000],
  }),
  line('turbinnye-nakonechniki', 'kavo', 'turbine', 'KV-M8900L', 'MASTERtorque M8900 L турбинный наконечник', {
    specs: { mat: 'нержавеющая сталь', coupling: 'KaVo MULTIflex' },
    price: [70000, 85000],
  }),
  line('turbinnye-nakonechniki', 'kavo', 'turbine', 'KV-E680L', 'EXPERTtorque E680 L турбинный наконечник', {
    specs: { mat: 'нержавеющая сталь', coupling: 'KaVo MULTIflex' },
    price: [45000, 55000],
  }),

  line('uglovye-nakonechniki', 'nsk', 'contra-angle', 'NSK-Z95L', 'Ti-Max Z95L угловой наконечник', {
    specs: { ratio: '1:5', mat: 'титан' },
    price: [65000, 78000],
  }),
  line('uglovye-nakonechniki', 'nsk', 'contra-angle', 'NSK-Z25L', 'Ti-Max Z25L угловой наконечник', {
    specs: { ratio: '1:1', mat: 'титан' },
    price: [40000, 48000],
  }),
  line('uglovye-nakonechniki', 'nsk', 'contra-angle', 'NSK-M25L', 'S-Max M25L угловой наконечник', {
    specs: { ratio: '1:1', mat: 'нержавеющая сталь' },
    price: [28000, 34000],
  }),
  line('uglovye-nakonechniki', 'w-and-h', 'contra-angle', 'WH-WK99LT', 'Synea Vision WK-99 LT угловой наконечник', {
    specs: { ratio: '1:5', mat: 'титан' },
    price: [65000, 78000],
  }),
  line('uglovye-nakonechniki', 'w-and-h', 'contra-angle', 'WH-WA56LT', 'Synea Vision WA-56 LT угловой наконечник', {
    specs: { ratio: '1:1', mat: 'титан' },
    price: [38000, 46000],
  }),
  line('uglovye-nakonechniki', 'kavo', 'contra-angle', 'KV-M25L', 'MASTERmatic LUX M25 L угловой наконечник', {
    specs: { ratio: '1:1', mat: 'нержавеющая сталь' },
    price: [40000, 50000],
  }),
  line('uglovye-nakonechniki', 'kavo', 'contra-angle', 'KV-M05L', 'MASTERmatic LUX M05 L Mini угловой наконечник', {
    specs: { ratio: '1:5', mat: 'нержавеющая сталь' },
    price: [60000, 75000],
  }),

  line('zerkala', 'hu-friedy', 'mirror', 'HF-MR', 'Зеркала стоматологические Hu-Friedy', {
    variants: [{ specs: { size: '№ 4', d: 22 } }, { specs: { size: '№ 5', d: 24 } }],
    price: [2200, 3000],
  }),
  line('zerkala', 'medesy', 'mirror', 'MD-MR', 'Зеркала стоматологические Medesy', {
    variants: [{ specs: { size: '№ 4', d: 22 } }, { specs: { size: '№ 5', d: 24 } }],
    price: [900, 1300],
  }),
  line('zondy-i-pincety', 'hu-friedy', 'probe', 'HF-EXD', 'Зонд стоматологический Hu-Friedy EXD 11/12', {
    price: [1800, 2400],
  }),
  line('zondy-i-pincety', 'hu-friedy', 'probe', 'HF-DP2', 'Пинцет стоматологический Hu-Friedy DP2', {
    specs: { len: 150 },
    price: [1800, 2400],
  }),
  line('zondy-i-pincety', 'hu-friedy', 'probe', 'HF-PCP', 'Зонд пародонтальный Hu-Friedy PCP-UNC 15', {
    price: [2000, 2500],
  }),
  line('zondy-i-pincety', 'medesy', 'probe', 'MD-EXP', 'Зонд стоматологический Medesy двусторонний', {
    price: [500, 800],
  }),
  line('zondy-i-pincety', 'medesy', 'probe', 'MD-TWZ', 'Пинцет стоматологический Medesy изогнутый', {
    specs: { len: 150 },
    price: [600, 900],
  }),
  line('gladilki-i-shtopfery', 'hu-friedy', 'probe', 'HF-PFI49', 'Гладилка-штопфер Hu-Friedy PFI 49', {
    price: [1800, 2400],
  }),
  line('gladilki-i-shtopfery', 'hu-friedy', 'probe', 'HF-PLG', 'Штопфер Hu-Friedy 1/2 двусторонний', {
    price: [1800, 2400],
  }),
  line('gladilki-i-shtopfery', 'medesy', 'probe', 'MD-GL', 'Гладилка двусторонняя Medesy {v}', {
    variants: labelled([
      ['№ 1', '1'],
      ['№ 2', '2'],
    ]),
    price: [500, 800],
  }),
];

const equipment: Family[] = [
  line('polimerizacionnye-lampy', '3m', 'curing-light', '3M-EDC', 'Elipar DeepCure-S полимеризационная лампа', {
    specs: { power: 1470, d: 10 },
    price: [45000, 55000],
  }),
  line('polimerizacionnye-lampy', 'ivoclar', 'curing-light', 'IV-BPN', 'Bluephase N полимеризационная лампа', {
    specs: { power: 1200, d: 10 },
    price: [35000, 42000],
  }),
  line('polimerizacionnye-lampy', 'ivoclar', 'curing-light', 'IV-BPG4', 'Bluephase G4 полимеризационная лампа', {
    specs: { power: 1200, d: 10 },
    price: [48000, 58000],
  }),
  line('polimerizacionnye-lampy', 'woodpecker', 'curing-light', 'WP-LEDD', 'LED.D полимеризационная лампа', {
    specs: { power: 1000, d: 8 },
    price: [8000, 10000],
  }),
  line('polimerizacionnye-lampy', 'woodpecker', 'curing-light', 'WP-LEDB', 'LED.B полимеризационная лампа', {
    specs: { power: 850, d: 8 },
    price: [8000, 9500],
  }),
  line(
    'polimerizacionnye-lampy',
    'dentsply-sirona',
    'curing-light',
    'DS-SLP',
    'SmartLite Pro полимеризационная лампа',
    { specs: { power: 1200, d: 10 }, price: [40000, 48000] },
  ),
  line('polimerizacionnye-lampy', 'ultradent', 'curing-light', 'UD-VALOG', 'VALO Grand полимеризационная лампа', {
    specs: { power: 1000, d: 12 },
    price: [50000, 60000],
  }),
  line('polimerizacionnye-lampy', 'gc', 'curing-light', 'GC-DLP', 'D-Light Pro полимеризационная лампа', {
    specs: { power: 1400, d: 10 },
    price: [38000, 46000],
  }),
  line('polimerizacionnye-lampy', 'kerr', 'curing-light', 'KR-DEMI', 'Demi Plus полимеризационная лампа', {
    specs: { power: 1330, d: 8 },
    price: [36000, 44000],
  }),

  line('apekslokatory-i-endomotory', 'woodpecker', 'endo-device', 'WP-WPX3', 'Woodpex III апекслокатор', {
    specs: { device: 'апекслокатор' },
    price: [25000, 30000],
  }),
  line(
    'apekslokatory-i-endomotory',
    'woodpecker',
    'endo-device',
    'WP-ERP',
    'Endo Radar Plus эндомотор с апекслокатором',
    { specs: { device: 'эндомотор с апекслокатором' }, price: [60000, 70000] },
  ),
  line('apekslokatory-i-endomotory', 'dentsply-sirona', 'endo-device', 'DS-XSIQ', 'X-Smart IQ эндомотор', {
    specs: { device: 'эндомотор' },
    price: [90000, 110000],
  }),
  line('apekslokatory-i-endomotory', 'dentsply-sirona', 'endo-device', 'DS-XSP', 'X-Smart Plus эндомотор', {
    specs: { device: 'эндомотор' },
    price: [70000, 85000],
  }),
  line('apekslokatory-i-endomotory', 'dentsply-sirona', 'endo-device', 'DS-PPX', 'Propex Pixi апекслокатор', {
    specs: { device: 'апекслокатор' },
    price: [55000, 65000],
  }),
  line('apekslokatory-i-endomotory', 'nsk', 'endo-device', 'NSK-EMDT2', 'Endo-Mate DT2 эндомотор', {
    specs: { device: 'эндомотор' },
    price: [75000, 90000],
  }),
  line('apekslokatory-i-endomotory', 'nsk', 'endo-device', 'NSK-IPX2', 'iPex II апекслокатор', {
    specs: { device: 'апекслокатор' },
    price: [55000, 65000],
  }),
  line('apekslokatory-i-endomotory', 'coltene', 'endo-device', 'CL-CPJ', 'CanalPro Jeni эндомотор', {
    specs: { device: 'эндомотор' },
    price: [100000, 120000],
  }),

  line('skalery', 'woodpecker', 'scaler', 'WP-UDSA', 'UDS-A ультразвуковой скалер', { price: [15000, 18000] }),
  line('skalery', 'woodpecker', 'scaler', 'WP-UDSE', 'UDS-E LED ультразвуковой скалер', { price: [20000, 24000] }),
  line('skalery', 'nsk', 'scaler', 'NSK-V170', 'Varios 170 встраиваемый ультразвуковой скалер', {
    price: [45000, 55000],
  }),
  line('skalery', 'nsk', 'scaler', 'NSK-V970', 'Varios 970 LUX ультразвуковой скалер', { price: [70000, 80000] }),
  line('skalery', 'w-and-h', 'scaler', 'WH-TGP', 'Tigon+ ультразвуковой скалер', { price: [75000, 80000] }),
  line('skalery', 'ems', 'scaler', 'EMS-P150', 'Piezon 150 ультразвуковой скалер', { price: [60000, 75000] }),
  line('skalery', 'woodpecker', 'scaler-tip', 'WP-TIP', 'Насадка для скалера Woodpecker {v}', {
    variants: labelled([
      ['G1', 'G1'],
      ['G4', 'G4'],
      ['P1', 'P1'],
    ]),
  }),

  line('avtoklavy', 'w-and-h', 'autoclave', 'WH-L522', 'Lisa 522 автоклав класса B', {
    specs: { chamber: 22, device: 'автоклав класса B' },
    price: [380000, 450000],
  }),
  line('avtoklavy', 'w-and-h', 'autoclave', 'WH-L517', 'Lisa 517 автоклав класса B', {
    specs: { chamber: 17, device: 'автоклав класса B' },
    price: [340000, 400000],
  }),
  line('avtoklavy', 'nsk', 'autoclave', 'NSK-ICM', 'iClave mini автоклав класса B', {
    specs: { chamber: 5, device: 'автоклав класса B' },
    price: [150000, 180000],
  }),
];

export const equipmentFamilies: Family[] = [...instruments, ...equipment];

import type { CountryCode } from '../../../shared/countries.ts';

export const countrySeeds = [
  { code: 'kg', name: 'Кыргызстан', currency: 'KGS', position: 0 },
  { code: 'kz', name: 'Казахстан', currency: 'KZT', position: 1 },
];

/** Units of each currency per 1 KGS; oldest first so ids grow with the date. */
export const exchangeSeeds = [
  { date: '2026-11-17', kgs: '1', kzt: '5.918400', usd: '0.011428', rub: '0.918200' },
  { date: '2026-11-18', kgs: '1', kzt: '5.924700', usd: '0.011431', rub: '0.921500' },
  { date: '2026-11-19', kgs: '1', kzt: '5.931200', usd: '0.011436', rub: '0.919800' },
  { date: '2026-11-20', kgs: '1', kzt: '5.929500', usd: '0.011434', rub: '0.922700' },
];

export interface BannerSeed {
  title: string;
  subtitle: string;
  image: string;
  /** Site path without the country prefix; the site adds it. */
  link: string;
  country: CountryCode | null;
  position: number;
}

export const bannerSeeds: BannerSeed[] = [
  {
    title: 'Композиты для эстетических реставраций',
    subtitle: 'Filtek, Estelite, Charisma, Tetric и другие — оттенки по шкале VITA в наличии на складе',
    image: '/images/demo/banner-restoration.svg',
    link: '/catalog/kompozity',
    country: null,
    position: 0,
  },
  {
    title: 'Имплантология Osstem и Straumann',
    subtitle: 'Имплантаты, абатменты и костнопластические материалы с доставкой в клинику',
    image: '/images/demo/banner-implants.svg',
    link: '/catalog/khirurgiya-i-implantologiya',
    country: null,
    position: 1,
  },
  {
    title: 'Дезинфекция и стерилизация со склада в Бишкеке',
    subtitle: 'Средства Schülke и Dürr Dental, пакеты и индикаторы — доставка по городу на следующий день',
    image: '/images/demo/banner-disinfection.svg',
    link: '/catalog/dezinfekciya-i-sterilizaciya',
    country: 'kg',
    position: 2,
  },
  {
    title: 'Эндодонтия для клиник Алматы и Астаны',
    subtitle: 'ProTaper Gold, WaveOne Gold, HyFlex и эндомоторы с гарантией производителя',
    image: '/images/demo/banner-endo.svg',
    link: '/catalog/endodontiya',
    country: 'kz',
    position: 3,
  },
];

const workingHours = 'Пн–Пт 9:00–18:00, Сб 10:00–15:00';

export const contactSeeds = [
  {
    country: 'kg',
    city: 'Бишкек',
    address: 'ул. Токтогула, 125/1, бизнес-центр «Авангард», 3 этаж, офис 305',
    phones: ['+996 312 98-76-54', '+996 555 12-34-56'],
    email: 'bishkek@dentalshop.kg',
    workingHours,
    position: 0,
  },
  {
    country: 'kg',
    city: 'Ош',
    address: 'ул. Ленина, 221, 1 этаж',
    phones: ['+996 3222 5-47-80', '+996 770 45-67-89'],
    email: 'osh@dentalshop.kg',
    workingHours,
    position: 1,
  },
  {
    country: 'kz',
    city: 'Алматы',
    address: 'пр. Абая, 150/230, офис 412',
    phones: ['+7 727 355-40-20', '+7 701 555-12-34'],
    email: 'almaty@dentalshop.kz',
    workingHours,
    position: 0,
  },
  {
    country: 'kz',
    city: 'Астана',
    address: 'пр. Мангилик Ел, 55/20, блок C4.2, офис 118',
    phones: ['+7 7172 64-55-10', '+7 705 321-45-67'],
    email: 'astana@dentalshop.kz',
    workingHours,
    position: 1,
  },
];

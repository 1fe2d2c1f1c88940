import type { CountryCode } from '../../../shared/countries.ts';

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

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

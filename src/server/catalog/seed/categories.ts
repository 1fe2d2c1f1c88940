export interface CategoryNode {
  slug: string;
  name: string;
  description?: string;
  children?: CategoryNode[];
}

const node = (slug: string, name: string, children?: CategoryNode[], description?: string): CategoryNode => ({
  slug,
  name,
  children,
  description,
});

/** Three levels deep; products hang on the leaves. Slugs are unique across the whole tree. */
export const categoryTree: CategoryNode[] = [
  node(
    'terapiya',
    'Терапия',
    [
      node('plombirovochnye-materialy', 'Пломбировочные материалы', [
        node('kompozity', 'Композиты'),
        node('tekuchie-kompozity', 'Текучие композиты'),
        node('steklo-ionomernye-cementy', 'Стеклоиономерные цементы'),
        node('vremennye-plomby', 'Временные пломбировочные материалы'),
      ]),
      node('adgezivnye-sistemy', 'Адгезивные системы', [
        node('adgezivy', 'Адгезивы'),
        node('travilnye-geli', 'Травильные гели'),
      ]),
      node('prokladochnye-materialy', 'Прокладочные материалы'),
      node('polirovka', 'Финишная обработка и полировка', [
        node('polirovochnye-diski', 'Полировочные диски и полоски'),
        node('polirovochnye-pasty', 'Полировочные пасты'),
      ]),
    ],
    'Материалы для прямых реставраций: композиты, стеклоиономеры, адгезивы, прокладки и системы полировки.',
  ),
  node(
    'endodontiya',
    'Эндодонтия',
    [
      node('endodonticheskie-instrumenty', 'Эндодонтические инструменты', [
        node('ruchnye-faily', 'Ручные файлы'),
        node('mashinnye-faily', 'Машинные файлы'),
      ]),
      node('plombirovanie-kanalov', 'Пломбирование каналов', [
        node('guttaperchevye-shtifty', 'Гуттаперчевые штифты'),
        node('bumazhnye-shtifty', 'Бумажные штифты'),
        node('silery', 'Силеры'),
      ]),
      node('irrigaciya', 'Ирригация', [
        node('irrigacionnye-rastvory', 'Ирригационные растворы'),
        node('endodonticheskie-igly', 'Эндодонтические иглы'),
      ]),
    ],
    'Всё для лечения корневых каналов: ручные и машинные файлы, штифты, силеры, растворы для ирригации.',
  ),
  node(
    'ortopediya',
    'Ортопедия',
    [
      node('ottisknye-materialy', 'Оттискные материалы', [
        node('a-silikony', 'А-силиконы'),
        node('c-silikony', 'С-силиконы'),
        node('alginatnye-massy', 'Альгинатные массы'),
      ]),
      node('fiksaciya', 'Фиксация конструкций', [
        node('postoyannye-cementy', 'Цементы для постоянной фиксации'),
        node('vremennye-cementy', 'Цементы для временной фиксации'),
      ]),
      node('vremennye-koronki', 'Материалы для временных коронок'),
    ],
    'Оттискные материалы, цементы для фиксации и материалы для временных конструкций.',
  ),
  node(
    'khirurgiya-i-implantologiya',
    'Хирургия и имплантология',
    [
      node('implantologiya', 'Имплантология', [
        node('dentalnye-implantaty', 'Дентальные имплантаты'),
        node('abatmenty', 'Абатменты и формирователи'),
        node('kostnoplasticheskie-materialy', 'Костнопластические материалы'),
      ]),
      node('khirurgicheskie-instrumenty', 'Хирургические инструменты', [
        node('shchipcy', 'Щипцы для удаления'),
        node('elevatory', 'Элеваторы'),
      ]),
      node('shovnyj-material', 'Шовный материал'),
    ],
    'Имплантаты и ортопедические компоненты, костнопластические материалы, шовный материал и хирургические инструменты.',
  ),
  node(
    'anesteziya',
    'Анестезия',
    [
      node('anestetiki-v-karpulakh', 'Анестетики в карпулах'),
      node('applikacionnye-anestetiki', 'Аппликационные анестетики'),
      node('instrumenty-dlya-anestezii', 'Инструменты для анестезии', [
        node('karpulnye-igly', 'Карпульные иглы'),
        node('karpulnye-shpricy', 'Карпульные шприцы'),
      ]),
    ],
    'Местные анестетики, аппликационные средства, карпульные иглы и шприцы.',
  ),
  node(
    'ortodontiya',
    'Ортодонтия',
    [
      node('breket-sistemy', 'Брекет-системы', [
        node('metallicheskie-brekety', 'Металлические брекеты'),
        node('keramicheskie-brekety', 'Керамические брекеты'),
      ]),
      node('ortodonticheskie-dugi', 'Ортодонтические дуги'),
      node('ortodonticheskie-adgezivy', 'Ортодонтические адгезивы'),
    ],
    'Брекет-системы, ортодонтические дуги и адгезивы для фиксации брекетов.',
  ),
  node(
    'profilaktika-i-gigiena',
    'Профилактика и гигиена',
    [
      node('professionalnaya-gigiena', 'Профессиональная гигиена', [
        node('profilakticheskie-pasty', 'Профилактические пасты'),
        node('ftorlaki-i-remineralizaciya', 'Фторлаки и реминерализация'),
        node('poroshki-dlya-peskostruya', 'Порошки для пескоструйной обработки'),
      ]),
      node('individualnaya-gigiena', 'Индивидуальная гигиена', [
        node('zubnye-shchetki', 'Зубные щётки'),
        node('mezhzubnye-yorshiki', 'Межзубные ёршики'),
      ]),
    ],
    'Средства для профессиональной гигиены в кабинете и для домашнего ухода пациентов.',
  ),
  node(
    'dezinfekciya-i-sterilizaciya',
    'Дезинфекция и стерилизация',
    [
      node('dezinficiruyushchie-sredstva', 'Дезинфицирующие средства', [
        node('dezinfekciya-poverkhnostej', 'Для поверхностей'),
        node('dezinfekciya-instrumentov', 'Для инструментов'),
        node('antiseptiki-dlya-ruk', 'Антисептики для рук'),
      ]),
      node('sterilizaciya', 'Стерилизация', [
        node('pakety-dlya-sterilizacii', 'Пакеты для стерилизации'),
        node('indikatory-sterilizacii', 'Индикаторы стерилизации'),
      ]),
    ],
    'Средства дезинфекции поверхностей, инструментов и рук, упаковка и индикаторы для стерилизации.',
  ),
  node(
    'raskhodnye-materialy',
    'Расходные материалы',
    [
      node('sredstva-zashchity', 'Средства индивидуальной защиты', [
        node('perchatki', 'Перчатки'),
        node('maski', 'Маски и респираторы'),
        node('zashchitnye-ochki', 'Защитные очки и экраны'),
      ]),
      node('odnorazovye-materialy', 'Одноразовые материалы', [
        node('slyunootsosy', 'Слюноотсосы'),
        node('vatnye-valiki', 'Ватные валики'),
        node('nagrudnye-salfetki', 'Нагрудные салфетки'),
      ]),
      node('matricy-i-klinya', 'Матрицы и клинья'),
    ],
    'Перчатки, маски, одноразовые материалы, матрицы и клинья для ежедневной работы клиники.',
  ),
  node(
    'instrumenty',
    'Инструменты',
    [
      node('bory', 'Боры', [
        node('almaznye-bory', 'Алмазные боры'),
        node('tverdosplavnye-bory', 'Твердосплавные боры'),
      ]),
      node('nakonechniki', 'Наконечники', [
        node('turbinnye-nakonechniki', 'Турбинные наконечники'),
        node('uglovye-nakonechniki', 'Угловые наконечники'),
      ]),
      node('ruchnye-instrumenty', 'Ручные инструменты', [
        node('zerkala', 'Стоматологические зеркала'),
        node('zondy-i-pincety', 'Зонды и пинцеты'),
        node('gladilki-i-shtopfery', 'Гладилки и штопферы'),
      ]),
    ],
    'Боры, турбинные и угловые наконечники, ручные инструменты для терапевтического приёма.',
  ),
  node(
    'oborudovanie',
    'Оборудование',
    [
      node('polimerizacionnye-lampy', 'Полимеризационные лампы'),
      node('apekslokatory-i-endomotory', 'Апекслокаторы и эндомоторы'),
      node('skalery', 'Скалеры и насадки'),
      node('avtoklavy', 'Автоклавы'),
    ],
    'Полимеризационные лампы, эндодонтическое оборудование, скалеры и автоклавы с гарантией производителя.',
  ),
];

export interface FlatCategory {
  slug: string;
  name: string;
  description: string;
  parentSlug: string | null;
  depth: number;
  position: number;
  isLeaf: boolean;
}

/** The tree in parent-before-child order. */
export function flattenCategories(
  nodes: CategoryNode[] = categoryTree,
  parentSlug: string | null = null,
  depth = 1,
): FlatCategory[] {
  return nodes.flatMap((n, position) => [
    {
      slug: n.slug,
      name: n.name,
      description:
        n.description ??
        `${n.name} для стоматологической клиники: продукция ведущих производителей с доставкой по Кыргызстану и Казахстану.`,
      parentSlug,
      depth,
      position,
      isLeaf: !n.children?.length,
    },
    ...flattenCategories(n.children ?? [], n.slug, depth + 1),
  ]);
}

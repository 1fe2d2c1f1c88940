/** Short keys the product tables use for specification slugs. */
export const specSlugs = {
  ml: 'obem',
  g: 'massa',
  shade: 'ottenok-vita',
  d: 'diametr',
  len: 'dlina',
  mat: 'material',
  country: 'strana-proizvoditelya',
  size: 'razmer',
  qty: 'kolichestvo-v-upakovke',
  cure: 'tip-otverzhdeniya',
  taper: 'konusnost',
  visc: 'vyazkost',
  agent: 'deystvuyushchee-veshchestvo',
  device: 'tip-ustrojstva',
  coupling: 'tip-podklyucheniya',
  ratio: 'peredatochnoe-otnoshenie',
  power: 'intensivnost-sveta',
  chamber: 'obem-kamery',
  bristle: 'zhestkost-shchetiny',
  warranty: 'garantiya',
  shelf: 'srok-godnosti',
} as const;

export type SpecKey = keyof typeof specSlugs;
export type SpecValues = Partial<Record<SpecKey, string | number>>;

export interface SpecificationSeed {
  key: SpecKey;
  name: string;
  unit: string | null;
  kind: 'number' | 'text';
  isFilter: boolean;
}

const spec = (
  key: SpecKey,
  name: string,
  kind: 'number' | 'text',
  unit: string | null = null,
  isFilter = true,
): SpecificationSeed => ({
  key,
  name,
  unit,
  kind,
  isFilter,
});

/** In display order; `position` is the index. */
export const specificationSeeds: SpecificationSeed[] = [
  spec('shade', 'Оттенок по VITA', 'text'),
  spec('ml', 'Объём', 'number', 'мл'),
  spec('g', 'Масса', 'number', 'г'),
  spec('d', 'Диаметр', 'number', 'мм'),
  spec('len', 'Длина', 'number', 'мм'),
  spec('size', 'Размер', 'text'),
  spec('taper', 'Конусность', 'text'),
  spec('visc', 'Вязкость', 'text'),
  spec('cure', 'Тип отверждения', 'text'),
  spec('mat', 'Материал', 'text'),
  spec('agent', 'Действующее вещество', 'text'),
  spec('qty', 'Количество в упаковке', 'number', 'шт'),
  spec('device', 'Тип устройства', 'text'),
  spec('coupling', 'Тип подключения', 'text'),
  spec('ratio', 'Передаточное отношение', 'text'),
  spec('power', 'Интенсивность света', 'number', 'мВт/см²'),
  spec('chamber', 'Объём камеры', 'number', 'л'),
  spec('bristle', 'Жёсткость щетины', 'text'),
  spec('country', 'Страна производителя', 'text'),
  spec('warranty', 'Гарантия', 'text', null, false),
  spec('shelf', 'Срок годности', 'text', null, false),
];

export const specKinds: Record<SpecKey, 'number' | 'text'> = Object.fromEntries(
  specificationSeeds.map((s) => [s.key, s.kind]),
) as Record<SpecKey, 'number' | 'text'>;

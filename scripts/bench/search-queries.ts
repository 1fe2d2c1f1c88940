/**
 * What dentists and clinic buyers type into the search box, for the bench's cold search figures (issue
 * 39): the catalog's words as written and misspelt, typed in the wrong keyboard layout or alphabet, two
 * and three words, sizes and shades, SKUs whole and begun, brands, and words the shop does not sell. The
 * bench empties every cache before each and times the API search of the country's active products.
 */
export const SEARCH_QUERIES: readonly string[] = [
  // Catalog words, as written.
  'композит',
  'перчатки',
  'бор',
  'боры алмазные',
  'адгезив',
  'цемент',
  'эндомотор',
  'наконечник угловой',
  'шовный материал',
  'мембрана',
  'альгинатная масса',
  'полировочная паста',
  // Misspelt.
  'кампозит',
  'перчатк нитрил',
  'стеклоиномерный цемент',
  'текучий кампазит',
  'адгезиф',
  'ершики межзубные',
  // The other keyboard layout, the other alphabet.
  'rjvgjpbn',
  'gthxfnrb',
  'kompozit',
  'ьуьикфтф',
  // Words with sizes, shades, amounts.
  'перчатки нитриловые m',
  'перчатки нитриловые l',
  'композит a2',
  'filtek a3',
  'бор шаровидный 1,8',
  'файлы 25 мм',
  'ketac molar',
  'estelite sigma quick a1',
  // SKUs, whole and begun.
  'UD-PF-A3',
  'km-db-801',
  '3M-KME',
  'CL-HCM',
  // Brands, with and without the product.
  'Ivoclar',
  'voco grandio',
  'hyflex',
  'Komet 801',
  'коллагеновая мембрана',
  // Not sold.
  'зубная щётка электрическая',
  'стоматологическое кресло',
  'ксеноновая лампа',
];

/** What imports say to staff: task results and refusals, in the words of the back office. */
import type { ImportCounts } from './import-run.ts';
import type { ImportKind } from './import.types.ts';
import { IMPORT_DETAILS_KEPT_DAYS } from './imports.options.ts';

const number = new Intl.NumberFormat('ru-RU');

/**
 * What an import did (or a check would do), by kind, leaving out what is zero: «новых товаров: 2 000,
 * изменено товаров: 15»; «изменений нет» when nothing.
 */
export function countsSummary(
  kind: ImportKind,
  counts: Pick<ImportCounts, 'created' | 'updated' | 'unchanged'>,
): string {
  const n = (value: number) => number.format(value);
  const parts = (
    kind === 'products'
      ? [
          [counts.created, `новых товаров: ${n(counts.created)}`],
          [counts.updated, `изменено товаров: ${n(counts.updated)}`],
        ]
      : kind === 'prices'
        ? [
            [counts.created, `новых цен (товар начал продаваться в стране): ${n(counts.created)}`],
            [counts.updated, `изменено цен: ${n(counts.updated)}`],
          ]
        : [[counts.updated, `изменён остаток: ${n(counts.updated)}`]]
  ) as [number, string][];
  const said = parts.filter(([value]) => value > 0).map(([, text]) => text);
  if (counts.unchanged > 0) said.push(`без изменений: ${n(counts.unchanged)}`);
  return said.length ? said.join(', ') : 'изменений нет';
}

export const IMPORT_TEXT = {
  fileMissing: 'Приложите файл.',
  notFound: 'Такой задачи нет.',
  notAnImport: 'Это не задача загрузки.',
  applyNotDryRun: 'Записать можно только проверку: эта загрузка уже записывала изменения сама.',
  applyNotReady: 'Проверка ещё не закончена: дождитесь результата.',
  applyFailed: 'Проверка не прочитала файл, записывать нечего. Исправьте файл и загрузите его снова.',
  applyHasErrors: (rows: number) =>
    `Записать нельзя: проверка нашла ошибки в ${number.format(rows)} ${rows === 1 ? 'строке' : 'строках'}, а выбрано ` +
    '«не записывать ничего, если есть ошибки». Исправьте файл и загрузите его снова, или запишите только верные строки.',
  applyNothing: 'Записывать нечего: файл ничего не меняет в каталоге.',
  alreadyApplied: 'Эта проверка уже записана.',
  undoNotApplied: 'Отменить можно только записанную загрузку.',
  alreadyUndone: 'Эта загрузка уже отменена.',
  detailsPruned:
    `Подробности этой загрузки (что было до неё и что она записала) хранятся ${IMPORT_DETAILS_KEPT_DAYS} дней после неё и уже удалены: ` +
    'отменить её нельзя, а список изменений не выгружается. Число изменений и сама загрузка остались в журнале.',
  undoConflict: 'Отменить нельзя: после загрузки эти данные изменились.',
  undoOrdered: 'Отменить нельзя: созданные загрузкой товары уже есть в заказах.',
  written: (kind: ImportKind, counts: ImportCounts) => `Записано: ${countsSummary(kind, counts)}.`,
  writtenWithErrors: (kind: ImportKind, counts: ImportCounts) =>
    `Записаны верные строки: ${countsSummary(kind, counts)}. Строк с ошибками (не записаны): ${number.format(counts.errors)}.`,
  nothingWritten: (rows: number) =>
    `Ничего не записано: ошибки в ${number.format(rows)} ${rows === 1 ? 'строке' : 'строках'}. Исправьте их и загрузите ` +
    'файл снова, или загрузите его с выбором «записать верные строки».',
  dryRun: (kind: ImportKind, counts: ImportCounts) =>
    counts.errors
      ? `Проверка: строк с ошибками ${number.format(counts.errors)}; верные строки дадут: ${countsSummary(kind, counts)}.`
      : `Проверка: ошибок нет; будет ${countsSummary(kind, counts)}.`,
  failed: 'Загрузка не удалась из-за внутренней ошибки. Попробуйте ещё раз; если повторится — сообщите разработчикам.',
} as const;

/** What imports say to staff: task results and refusals. */
export const IMPORT_TEXT = {
  fileMissing: 'Приложите файл.',
  notFound: 'Такой задачи нет.',
  notAnImport: 'Это не задача загрузки.',
  applyNotDryRun: 'Применить можно только пробную загрузку (dry_run=true).',
  applyNotReady: 'Пробная загрузка ещё не закончена: дождитесь результата.',
  alreadyApplied: 'Эта загрузка уже применена.',
  undoNotApplied: 'Отменить можно только применённую загрузку.',
  alreadyUndone: 'Эта загрузка уже отменена.',
  undoConflict: 'Отменить нельзя: после загрузки эти данные изменились.',
  undoOrdered: 'Отменить нельзя: созданные загрузкой товары уже есть в заказах.',
  written: (n: number) => `Записано изменений: ${n}.`,
  nothingWritten: (rows: number) =>
    `Ничего не записано: ошибки в ${rows} строках. Исправьте их и загрузите файл снова или выберите error_policy=reject_failed_rows.`,
  dryRun: (n: number, rows: number) =>
    rows
      ? `Пробная загрузка: изменений ${n}, строк с ошибками ${rows}.`
      : `Пробная загрузка: изменений ${n}, ошибок нет.`,
  failed: 'Загрузка не удалась из-за внутренней ошибки. Попробуйте ещё раз; если повторится — сообщите разработчикам.',
} as const;

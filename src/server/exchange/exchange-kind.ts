/** The kind of the tasks the exchange with 1C runs (one per file 1C asks to import); the journal names them «Обмен с 1С». */
export const EXCHANGE_TASK_KIND = 'import_1c';

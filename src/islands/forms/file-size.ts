const UNITS = ['байт', 'КБ', 'МБ', 'ГБ'] as const;
const number = new Intl.NumberFormat('ru', { maximumFractionDigits: 1 });

/** A size for people, in binary units with Russian names: «812 байт», «350 КБ», «2,4 МБ». */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number.format(unit === 0 ? Math.round(value) : value)} ${UNITS[unit]}`;
}

/** The message for a file larger than the field takes. */
export function fileTooBigMessage(maxBytes: number): string {
  return `Файл больше ${formatFileSize(maxBytes)}. Выберите файл поменьше.`;
}

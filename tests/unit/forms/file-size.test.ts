import { describe, expect, it } from 'vitest';
import { fileTooBigMessage, formatFileSize } from '~/islands/forms/file-size.ts';

describe('formatFileSize', () => {
  it('names the size in binary units in Russian', () => {
    expect(formatFileSize(0)).toBe('0 байт');
    expect(formatFileSize(812)).toBe('812 байт');
    expect(formatFileSize(350 * 1024)).toBe('350 КБ');
    expect(formatFileSize(2.44 * 1024 * 1024)).toBe('2,4 МБ');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 МБ');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 ГБ');
  });
});

describe('fileTooBigMessage', () => {
  it('says the limit and what to do', () => {
    expect(fileTooBigMessage(10 * 1024 * 1024)).toBe('Файл больше 10 МБ. Выберите файл поменьше.');
  });
});

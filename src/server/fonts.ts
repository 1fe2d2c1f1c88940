/**
 * The font the server draws text with (Roboto, from the `@expo-google-fonts/roboto` package: Cyrillic
 * and Latin), for pictures and documents that must look the same on any machine, fonts installed or
 * not: the demo packs (`media/pack-drawing.ts`) and invoices (`orders/invoice.ts`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const FILES = {
  regular: '@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf',
  bold: '@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf',
} as const;

const loaded = new Map<keyof typeof FILES, Buffer>();

/** The TrueType file of a weight, read once. */
export function fontFile(weight: keyof typeof FILES): Buffer {
  let file = loaded.get(weight);
  if (!file) {
    file = readFileSync(createRequire(import.meta.url).resolve(FILES[weight]));
    loaded.set(weight, file);
  }
  return file;
}

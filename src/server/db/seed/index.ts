export { seedDemo, seedIfEmpty } from './demo.ts';
export { seedLargeCatalog } from './large-catalog.ts';

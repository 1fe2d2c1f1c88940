export * from './catalog.ts';
export * from './core.ts';

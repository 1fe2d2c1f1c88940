export * from './accounts.ts';
export * from './catalog.ts';
export * from './core.ts';
export * from './system.ts';
export * from './orders.ts';
export * from './content.ts';
export * from './services.ts';
export * from './requests.ts';

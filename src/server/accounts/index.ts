/** The account flows the API offers (djoser and Simple JWT), one module per flow. */
export * from './credentials.service.ts';
export * from './email-change.service.ts';
export * from './profile.service.ts';
export * from './registration.service.ts';
export * from './addresses.service.ts';

/**
 * The account API, loaded when a form is first focused or submitted rather than with the page (see
 * `FormOptions.warm`): the account pages carry several forms a visitor may never use.
 */
export const accountsApi = () => import('~/lib/api/accounts.ts');

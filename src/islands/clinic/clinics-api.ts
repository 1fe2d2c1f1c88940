/** The clinics API, loaded with a form's first focus or submit rather than with the page (`FormOptions.warm`). */
export const clinicsApi = () => import('~/lib/api/clinics.ts');

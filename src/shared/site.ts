/**
 * The shop's name, spelled one way everywhere: titles, JSON-LD, mails and their sender, the footer, the
 * logo. (The companies that sell, «Дентал Шоп» in each country, are named as such only in the legal
 * documents and the requisites.)
 */
export const SHOP_NAME = 'ДенталМаркет';

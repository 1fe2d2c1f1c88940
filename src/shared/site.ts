/** The shop's name as people read it: titles, JSON-LD, mails, the footer. */
export const SHOP_NAME = 'Дентал Маркет';

/** The name as one word, where a mail client shows it in the sender's name. */
export const SHOP_SENDER_NAME = 'ДенталМаркет';

/** The words for a visitor request's details (the API's keys), in the mails and the back office alike. */
export const REQUEST_DETAIL_LABELS: Readonly<Record<string, string>> = {
  subject: 'Тема',
  participants: 'Участников',
  clinic: 'Клиника',
  quantity: 'Количество',
  topic: 'Тема курса',
  city: 'Город',
  file_url: 'Ссылка на файл',
};

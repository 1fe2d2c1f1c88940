/** What the exchange tells 1C (and so the person who reads 1C's exchange log), in Russian. */
export const EXCHANGE_TEXT = {
  noCredentials: 'Не указаны логин и пароль: заполните их в настройках обмена с сайтом.',
  badCredentials: 'Неверный логин или пароль.',
  tooManyAttempts: 'Слишком много неудачных попыток входа: подождите и попробуйте снова.',
  noPermission:
    'У этой учётной записи нет права на обмен с 1С: попросите администратора магазина включить его в карточке сотрудника.',
  noSession: 'Сеанс обмена не найден или истёк: начните обмен заново (checkauth).',
  unknownType: (type: string) => `Неизвестный тип обмена «${type}»: ожидается catalog или sale.`,
  unknownMode: (mode: string) => `Неизвестный режим «${mode}».`,
  badFileName: (name: string) => `Недопустимое имя файла «${name}».`,
  unknownFile: (name: string) => `Файл ${name} не был передан в этом сеансе: сначала отправьте его (mode=file).`,
  unsupportedFile: (name: string) =>
    `Файл ${name} не распознан: ожидаются import*.xml (каталог) или offers*.xml (цены и остатки).`,
  tooLarge: (limit: number) => `Часть файла больше ${limit} байт: уменьшите размер частей в настройках обмена.`,
  notXml: (name: string, line: number, reason: string) =>
    `${name}, строка ${line}: файл не разобран как XML (${reason}).`,
  element: (name: string, line: number, reason: string) => `${name}, строка ${line}: ${reason}.`,
  headerAfterOffers: (element: string) =>
    `${element} после предложений: по схеме CommerceML типы цен и склады идут до раздела «Предложения»`,
  failed: 'Обмен прерван внутренней ошибкой магазина; повторите позже. Если не поможет — сообщите разработчикам.',
  stalled: 'Обработка файла прервалась (процесс магазина остановился); повторите обмен.',
} as const;

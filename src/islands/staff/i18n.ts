/** The back office's words: ra-language-russian, with what it lacks or says differently from the shop. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import { mergeTranslations } from 'ra-core';

const overrides = {
  ra: {
    guesser: { empty: { title: 'Нет данных', message: 'Здесь пока пусто.' } },
    page: { dashboard: 'Сегодня', empty: 'Пока пусто' },
    auth: { username: 'Email' },
  },
};

/** ra-input-rich-text's words (RichText.tsx), which ra-language-russian does not have. */
const tiptapMessages = {
  ra: {
    tiptap: {
      align_left: 'По левому краю',
      align_right: 'По правому краю',
      align_center: 'По центру',
      align_justify: 'По ширине',
      bold: 'Полужирный',
      italic: 'Курсив',
      underline: 'Подчёркнутый',
      strike: 'Зачёркнутый',
      code: 'Код',
      color: 'Цвет',
      highlight: 'Выделение',
      list_bulleted: 'Маркированный список',
      list_numbered: 'Нумерованный список',
      link: 'Ссылка',
      image: 'Картинка',
      image_dialog: 'Адрес картинки',
      blockquote: 'Цитата',
      clear_format: 'Убрать оформление',
      paragraph: 'Обычный текст',
      heading: 'Заголовок %{level}',
      select_level: 'Уровень',
      current_level: 'Текущий уровень',
    },
  },
};

export const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(russianMessages, tiptapMessages, overrides),
  'ru',
  { allowMissing: true },
);

/** Enable customization, create domain name and personalized interface (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  preview: 'Предпросмотр',
  saved: 'Сохранено',
  editBrand: 'Бренд «{{name}}»',
  sameAsPlatform: 'Как у платформы',
  addLink: 'Добавить ссылку в подвал',
  removeLink: 'Удалить ссылку',
  linkListHint: 'Без ссылок страница входа показывает ссылки подвала платформы.',
  kinds: { agent: 'Агент', customer: 'Клиент' },
  fields: {
    name: 'Название',
    kind: 'Тип',
    parent: 'Родительская организация',
    enabled: 'Персонализация',
    domainName: 'Домен второго уровня',
    title: 'Заголовок',
    tag: 'Слоган',
    logo: 'Адрес логотипа',
    icoImg: 'Адрес значка сайта',
    copyRight: 'Авторские права',
    backgroundImage: 'Адрес фона страницы входа',
    defaultLanguage: 'Язык по умолчанию',
    linkList: 'Ссылки в подвале',
    linkName: 'Текст ссылки',
    link: 'Адрес ссылки',
  },
  errors: {
    linkIncomplete: 'Каждой ссылке нужны текст и адрес',
    url: '{{field}}: нужен адрес http(s) или путь, начинающийся с /',
    domainName: 'Введите имя хоста, например signage.example.com (без http://, порта и пути)',
    domainTaken: 'Этот домен уже используется',
  },
  customization: { title: 'Включение персонализации', edit: 'Изменить бренд' },
  domain: {
    title: 'Создание доменного имени',
    edit: 'Задать домен',
    editTitle: 'Домен второго уровня «{{name}}»',
    hint: 'При входе по этому адресу показывается бренд клиента. Оставьте пустым, чтобы удалить.',
  },
  personalized: {
    title: 'Персонализированный интерфейс',
    platform: 'Бренд платформы задаётся в системных настройках.',
    active: 'Персонализация включена',
    inactive: 'Персонализация ещё не включена',
  },
};

export default messages;

/** Customer center page (ru-RU). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Центр клиента',
  buyMore: 'Купить услуги',
  payments: 'Платежи',
  brand: 'Бренд',
  domain: 'Доменное имя',
  name: 'Организация',
  seller: 'Продавец',
  platform: 'Платформа',
  contact: 'Контакт',
  phone: 'Телефон',
  address: 'Адрес',
  storage: 'Хранилище',
  terminals: 'Терминалы',
  noQuota: 'Нет собственной квоты (без ограничений)',
  serviceEnds: 'Обслуживание до',
  noServicePeriod: 'Срок обслуживания не куплен',
  widgets: 'Куплено виджетов',
  recentOrders: 'Последние заказы',
  noOrders: 'Заказов пока нет',
  reference: 'Назначение платежа',
  service: 'Услуга',
  total: 'Итого',
  state: 'Состояние',
  createdAt: 'Заказан',
};

export default messages;

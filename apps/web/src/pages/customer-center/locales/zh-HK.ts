/** Customer center page (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '客戶中心',
  buyMore: '購買服務',
  payments: '付款記錄',
  brand: '品牌',
  domain: '域名',
  name: '機構',
  seller: '銷售方',
  platform: '平台',
  contact: '聯絡人',
  phone: '電話',
  address: '地址',
  storage: '儲存',
  terminals: '終端',
  noQuota: '無自有配額（不限）',
  serviceEnds: '服務到期日',
  noServicePeriod: '未購買服務期',
  widgets: '已購組件',
  recentOrders: '最近訂單',
  noOrders: '暫無訂單',
  reference: '付款參考號',
  service: '服務',
  total: '合計',
  state: '狀態',
  createdAt: '下單時間',
};

export default messages;

/** Customer center page (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '客户中心',
  buyMore: '购买服务',
  payments: '支付记录',
  brand: '品牌',
  domain: '域名',
  name: '机构',
  seller: '销售方',
  platform: '平台',
  contact: '联系人',
  phone: '电话',
  address: '地址',
  storage: '存储',
  terminals: '终端',
  noQuota: '无自有配额（不限）',
  serviceEnds: '服务到期日',
  noServicePeriod: '未购买服务期',
  widgets: '已购组件',
  recentOrders: '最近订单',
  noOrders: '暂无订单',
  reference: '付款参考号',
  service: '服务',
  total: '合计',
  state: '状态',
  createdAt: '下单时间',
};

export default messages;

/** Customer center page (English: the reference every other language follows). */
const customerCenter = {
  title: 'Customer center',
  buyMore: 'Buy services',
  payments: 'Payments',
  brand: 'Brand',
  domain: 'Domain name',
  name: 'Institution',
  seller: 'Seller',
  platform: 'The platform',
  contact: 'Contact',
  phone: 'Phone',
  address: 'Address',
  storage: 'Storage',
  terminals: 'Terminals',
  noQuota: 'No quota of its own (not limited)',
  serviceEnds: 'Service ends on',
  noServicePeriod: 'No service period bought',
  widgets: 'Widgets bought',
  recentOrders: 'Latest orders',
  noOrders: 'No orders yet',
  reference: 'Payment reference',
  service: 'Service',
  total: 'Total',
  state: 'State',
  createdAt: 'Ordered',
};

export default customerCenter;

/** Customer center page (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Centro clienti',
  buyMore: 'Acquista servizi',
  payments: 'Pagamenti',
  brand: 'Marchio',
  domain: 'Nome di dominio',
  name: 'Istituzione',
  seller: 'Venditore',
  platform: 'La piattaforma',
  contact: 'Contatto',
  phone: 'Telefono',
  address: 'Indirizzo',
  storage: 'Archiviazione',
  terminals: 'Terminali',
  noQuota: 'Nessuna quota propria (illimitato)',
  serviceEnds: 'Il servizio scade il',
  noServicePeriod: 'Nessun periodo di servizio acquistato',
  widgets: 'Widget acquistati',
  recentOrders: 'Ultimi ordini',
  noOrders: 'Nessun ordine',
  reference: 'Riferimento di pagamento',
  service: 'Servizio',
  total: 'Totale',
  state: 'Stato',
  createdAt: 'Ordinato il',
};

export default messages;

/** Customer center page (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Espace client',
  buyMore: 'Acheter des services',
  payments: 'Paiements',
  brand: 'Marque',
  domain: 'Nom de domaine',
  name: 'Institution',
  seller: 'Vendeur',
  platform: 'La plateforme',
  contact: 'Contact',
  phone: 'Téléphone',
  address: 'Adresse',
  storage: 'Stockage',
  terminals: 'Terminaux',
  noQuota: 'Pas de quota propre (illimité)',
  serviceEnds: 'Le service prend fin le',
  noServicePeriod: 'Aucune période de service achetée',
  widgets: 'Widgets achetés',
  recentOrders: 'Dernières commandes',
  noOrders: 'Aucune commande',
  reference: 'Référence de paiement',
  service: 'Service',
  total: 'Total',
  state: 'État',
  createdAt: 'Commandé le',
};

export default messages;

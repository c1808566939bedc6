/** La fenêtre du webhook des messages (fr-FR). */
export default {
  open: 'Webhook',
  title: 'Webhook entrant',
  intro:
    'Un autre système (une centrale incendie, une passerelle de flux CAP) peut envoyer ou arrêter les messages préparés de ce client en appelant cette adresse, signée avec le secret.',
  url: 'Adresse (POST)',
  state: 'Secret',
  configured: 'Défini',
  notConfigured: 'Non défini : les appels sont refusés',
  createdAt: 'Secret créé',
  lastUsedAt: 'Dernier appel',
  never: 'Jamais',
  create: 'Créer un secret',
  renew: 'Créer un nouveau secret',
  renewConfirm: 'Créer un nouveau secret ?',
  renewConfirmText:
    'Le secret actuel cesse aussitôt de fonctionner : les systèmes qui l’utilisent doivent recevoir le nouveau.',
  remove: 'Supprimer le webhook',
  removeConfirm: 'Supprimer le webhook ?',
  removeConfirmText: 'Tout appel est ensuite refusé, jusqu’à la création d’un nouveau secret.',
  removed: 'Le webhook a été supprimé',
  secretOnce: 'Copiez le secret maintenant : il ne sera plus affiché.',
  howTo: 'Corps (JSON) et en-têtes d’un appel :',
  loadFailed: 'Le webhook n’a pas pu être chargé.',
  failed: 'La modification a échoué.',
};

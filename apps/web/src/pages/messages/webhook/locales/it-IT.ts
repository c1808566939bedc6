/** La finestra del webhook dei messaggi (it-IT). */
export default {
  open: 'Webhook',
  title: 'Webhook in entrata',
  intro:
    'Un altro sistema (una centrale antincendio, un ponte per feed CAP) può inviare o fermare i messaggi preparati di questo cliente chiamando questo indirizzo, con la firma del segreto.',
  url: 'Indirizzo (POST)',
  state: 'Segreto',
  configured: 'Impostato',
  notConfigured: 'Non impostato: le chiamate sono rifiutate',
  createdAt: 'Segreto creato',
  lastUsedAt: 'Ultima chiamata',
  never: 'Mai',
  create: 'Crea un segreto',
  renew: 'Crea un nuovo segreto',
  renewConfirm: 'Creare un nuovo segreto?',
  renewConfirmText:
    'Il segreto attuale smette subito di funzionare: i sistemi che lo usano devono ricevere quello nuovo.',
  remove: 'Rimuovi il webhook',
  removeConfirm: 'Rimuovere il webhook?',
  removeConfirmText: 'Da quel momento ogni chiamata è rifiutata, finché non si crea un nuovo segreto.',
  removed: 'Il webhook è stato rimosso',
  secretOnce: 'Copia ora il segreto: non verrà mostrato di nuovo.',
  howTo: 'Corpo (JSON) e intestazioni di una chiamata:',
  loadFailed: 'Impossibile caricare il webhook.',
  failed: 'La modifica non è riuscita.',
};

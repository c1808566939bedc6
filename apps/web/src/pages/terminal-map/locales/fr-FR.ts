/** Terminal map (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Carte des terminaux',
  filters: {
    office: 'Institution',
    allOffices: 'Toutes les institutions',
    group: 'Groupe',
    allGroups: 'Tous les groupes',
    state: 'État',
    allStates: 'Tous les états',
  },
  states: {
    online: 'En ligne',
    abnormal: 'Anomalie (alarme ouverte)',
    offline: 'Hors ligne',
  },
  legend: 'Légende',
  shown: 'Terminaux sur la carte : {{count}}',
  loadFailed: 'Impossible de charger les terminaux : {{message}}',
  search: {
    placeholder: 'Rechercher une adresse',
    unavailable: 'Le service de recherche de la carte est indisponible ; réessayez plus tard.',
    noResults: 'Aucun lieu trouvé',
  },
  unpositioned: {
    title: 'Sans position ({{count}})',
    none: 'Tous les terminaux ont une position.',
    more: 'et {{count}} autres : filtrez par institution ou par groupe pour les voir',
    place: 'Placer sur la carte',
    placing: 'Cliquez sur la carte à l’endroit où se trouve {{name}}.',
    cancel: 'Annuler',
    ask: 'Leur demander leur position',
    asked: 'Terminaux interrogés sur leur position : {{count}}. Ceux en ligne répondent dans un instant.',
    askFailed: 'Impossible de demander leur position aux terminaux : {{message}}',
  },
  move: {
    placeTitle: 'Placer {{name}} ici ?',
    moveTitle: 'Déplacer {{name}} ici ?',
    content: 'Latitude {{latitude}}, longitude {{longitude}}. Le terminal reçoit sa nouvelle position.',
    ok: 'Confirmer',
    saved: '{{name}} placé sur la carte',
    failed: 'Impossible de placer {{name}} : {{message}}',
    dragHint: 'Faites glisser un terminal pour le déplacer.',
    noPermission: 'Déplacer les terminaux exige le droit de modifier les paramètres des terminaux.',
  },
  popup: {
    state: 'État',
    details: 'Détails',
    info: 'Infos du terminal',
  },
};

export default messages;

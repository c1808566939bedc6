/** Enable customization, create domain name and personalized interface (fr-FR). */
import type en from './en-US';

const messages: typeof en = {
  preview: 'Aperçu',
  saved: 'Enregistré',
  editBrand: 'Marque de « {{name}} »',
  sameAsPlatform: 'Comme la plateforme',
  addLink: 'Ajouter un lien de pied de page',
  removeLink: 'Supprimer le lien',
  linkListHint: 'Sans liens, la page de connexion affiche les liens de pied de page de la plateforme.',
  kinds: { agent: 'Agent', customer: 'Client' },
  fields: {
    name: 'Nom',
    kind: 'Type',
    parent: 'Institution parente',
    enabled: 'Personnalisation',
    domainName: 'Nom de domaine secondaire',
    title: 'Titre',
    tag: 'Slogan',
    logo: 'Adresse du logo',
    icoImg: 'Adresse du favicon',
    copyRight: 'Copyright',
    backgroundImage: 'Adresse du fond de connexion',
    defaultLanguage: 'Langue par défaut',
    linkList: 'Liens de pied de page',
    linkName: 'Texte du lien',
    link: 'Adresse du lien',
  },
  errors: {
    linkIncomplete: 'Chaque lien a besoin d’un texte et d’une adresse',
    url: '{{field}} doit être une adresse http(s) ou un chemin commençant par /',
    domainName: 'Saisissez un nom d’hôte comme signage.example.com (sans http://, port ni chemin)',
    domainTaken: 'Ce nom de domaine est déjà utilisé',
  },
  customization: { title: 'Activer la personnalisation', edit: 'Modifier la marque' },
  domain: {
    title: 'Créer un nom de domaine',
    edit: 'Définir le domaine',
    editTitle: 'Nom de domaine secondaire de « {{name}} »',
    hint: 'Se connecter à cette adresse affiche la marque du client. Laissez vide pour le supprimer.',
  },
  personalized: {
    title: 'Interface personnalisée',
    platform: 'La marque de la plateforme se règle dans les paramètres système.',
    active: 'Personnalisation activée',
    inactive: 'Personnalisation pas encore activée',
  },
};

export default messages;

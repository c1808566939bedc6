/** Announcement management (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestione annunci',
  intro: 'L’annuncio compare a ogni utente dopo l’accesso finché è attivo e nel suo periodo.',
  saved: 'Annuncio salvato',
  fields: {
    texts: 'Titolo e contenuto',
    titleIn: 'Titolo ({{language}})',
    contentIn: 'Contenuto ({{language}})',
    period: 'Periodo',
    start: 'Inizio',
    end: 'Fine (vuoto: nessuna fine)',
    colseTipOn: 'Mostra il popup',
  },
  endAfterStart: 'La fine del periodo deve venire dopo l’inizio',
  titleNeeded: 'Inserisci un titolo in questa lingua per mostrare il popup, o rimuovi la lingua',
  contentNeeded: 'Inserisci un contenuto in questa lingua per mostrare il popup, o rimuovi la lingua',
  addLanguage: 'Aggiungi lingua',
  removeLanguage: 'Rimuovi lingua',
  preview: 'Anteprima',
  previewLanguage: 'Lingua dell’anteprima',
  previewEmpty: 'Ancora niente da mostrare',
  status: {
    active: 'In visualizzazione',
    scheduled: 'Programmato',
    ended: 'Periodo concluso',
    off: 'Popup disattivato',
  },
};

export default messages;

/** Announcement management (it-IT). */
import type en from './en-US';

const messages: typeof en = {
  title: 'Gestione annunci',
  intro: 'L’annuncio compare a ogni utente dopo l’accesso finché è attivo e nel suo periodo.',
  saved: 'Annuncio salvato',
  fields: {
    titleCh: 'Titolo (cinese)',
    titleEn: 'Titolo (inglese)',
    contentCh: 'Contenuto (cinese)',
    contentEn: 'Contenuto (inglese)',
    period: 'Periodo',
    start: 'Inizio',
    end: 'Fine (vuoto: nessuna fine)',
    colseTipOn: 'Mostra il popup',
  },
  endAfterStart: 'La fine del periodo deve venire dopo l’inizio',
  titleNeeded: 'Inserisci un titolo in cinese o in inglese per mostrare il popup',
  contentNeeded: 'Inserisci un contenuto in cinese o in inglese per mostrare il popup',
  preview: 'Anteprima',
  previewChinese: 'Cinese',
  previewEnglish: 'Inglese',
  previewEmpty: 'Ancora niente da mostrare',
  status: {
    active: 'In visualizzazione',
    scheduled: 'Programmato',
    ended: 'Periodo concluso',
    off: 'Popup disattivato',
  },
};

export default messages;

import type en from '../en-US/announcement';

/** The announcement popup after sign-in. (it-IT) */
const announcement: typeof en = {
  title: 'Annuncio',
  noMore: 'Non ricordarmelo più',
  close: 'Chiudi',
  fetchFailed: "Errore nel recupero dell'annuncio!",
};
export default announcement;

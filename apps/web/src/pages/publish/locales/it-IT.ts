/** Program publishing (it-IT). */
export default {
  title: 'Pubblica programma',
};

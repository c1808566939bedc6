/** Plan production (it-IT). */
export default {
  title: 'Produzione piani',
};
